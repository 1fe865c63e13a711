import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatIsoDate, formatTime } from "./format";

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
