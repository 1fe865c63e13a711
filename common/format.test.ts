import { describe, expect, it } from "vitest";
import {
  formatAddress,
  formatDate,
  formatDateTime,
  formatIsoDate,
  formatTime,
  formatYen,
  mapSearchUrl,
} from "./format";

describe("date formats", () => {
  it("shows YYYY/MM/DD and HH:mm in the store's time zone", () => {
    const d = new Date("2026-11-22T15:05:00Z");
    expect(formatDate(d)).toBe("2026/11/23");
    expect(formatTime(d)).toBe("00:05");
    expect(formatDateTime(d)).toBe("2026/11/23 00:05");
    expect(formatDateTime(d, "UTC")).toBe("2026/11/22 15:05");
    expect(formatIsoDate("2026-01-09")).toBe("2026/01/09");
  });
});

describe("yen", () => {
  it("is written one way per language, through Intl.NumberFormat", () => {
    expect(formatYen(16280, "ja")).toBe("16,280円");
    expect(formatYen(16280, "en")).toBe("¥16,280");
    expect(formatYen(16280, "ko")).toBe("¥16,280");
    expect(formatYen(16280, "zh-TW")).toBe("16,280 日圓");
    expect(formatYen(0, "ja")).toBe("0円");
    expect(formatYen(-5000, "en")).toBe("-¥5,000");
  });
});

describe("addresses", () => {
  const naha = { zip: "901-0142", region: "沖縄県那覇市", street: "鏡水280-5" };
  it("keeps 〒 and the postcode first in Japanese", () => {
    expect(formatAddress("ja", naha)).toBe("〒901-0142 沖縄県那覇市鏡水280-5");
  });
  it("puts the street first and the postcode and country last in English", () => {
    expect(formatAddress("en", { zip: "901-0142", region: "Naha, Okinawa", street: "280-5 Kagamizu" })).toBe(
      "280-5 Kagamizu, Naha, Okinawa, 901-0142, Japan",
    );
  });
  it("keeps the largest-first order with the postcode after in Korean and Chinese", () => {
    expect(formatAddress("ko", { zip: "901-0142", region: "오키나와현 나하시", street: "가가미즈 280-5" })).toBe(
      "오키나와현 나하시 가가미즈 280-5 (901-0142)",
    );
    expect(formatAddress("zh-TW", { zip: "", region: "沖繩縣那霸市", street: "鏡水280-5" })).toBe(
      "沖繩縣那霸市 鏡水280-5",
    );
  });
  it("never shows the 〒 mark outside Japanese", () => {
    for (const locale of ["en", "ko", "zh-TW"] as const) expect(formatAddress(locale, naha)).not.toContain("〒");
  });
  it("links a map search for the address", () => {
    expect(mapSearchUrl("沖縄県那覇市 鏡水")).toBe(
      "https://www.google.com/maps/search/?api=1&query=%E6%B2%96%E7%B8%84%E7%9C%8C%E9%82%A3%E8%A6%87%E5%B8%82%20%E9%8F%A1%E6%B0%B4",
    );
  });
});
