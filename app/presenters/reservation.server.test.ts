import { describe, expect, it } from "vitest";
import type { MemberReservation } from "#server/mypage/reservations";
import { reservationView } from "./reservation.server";

const now = new Date("2026-06-15T03:00:00Z");

function row(overrides: Partial<MemberReservation["reservation"]> = {}, returnStore = true): MemberReservation {
  return {
    reservation: {
      id: 7,
      reserveNo: "SKM-000007",
      // 10:00 and 17:00 in Okinawa (UTC+9).
      startAt: new Date("2026-06-20T01:00:00Z"),
      endAt: new Date("2026-06-22T08:00:00Z"),
      status: "confirmed",
      rentalFee: 26_400,
      optionFee: 1_100,
      immunityFee: 1_650,
      totalFee: 29_150,
      payMethod: 4,
      payMethodOther: "請求書",
      destination: "美ら海水族館",
      purpose: "観光",
      passengers: 3,
      remarks: "",
      options: [
        { optionId: 1, name: { ja: "チャイルドシート", en: "Child seat" }, quantity: 2, fee: 2_200 },
        { optionId: 2, name: { ja: "ETC" }, quantity: 1, fee: 0 },
      ],
      borrower: {
        company: "株式会社サンプル",
        name: "山田 花子",
        kana: "ヤマダ ハナコ",
        email: "hanako@example.com",
        tel: "090-1234-5678",
        zip: "9000006",
        prefCode: 47,
        addressA: "那覇市おもろまち1-1-1",
      },
      driver: { name: "山田 太郎", tel: "090-0000-0000" },
      ...overrides,
    } as MemberReservation["reservation"],
    store: {
      storeName: "那覇空港店",
      storeNameEn: "Naha Airport Store",
      storeNameTw: null,
      storeNameKr: null,
      tel: "098-000-8301",
      timeZone: "Asia/Tokyo",
    },
    returnStore: returnStore
      ? { storeName: "北谷店", storeNameEn: "Chatan Store", storeNameTw: null, storeNameKr: null }
      : null,
    carType: { typeName: "アクア", typeNameEn: "Aqua", typeNameTw: null, typeNameKr: null },
    carClass: { className: "コンパクト", classNameEn: "Compact", classNameTw: null, classNameKr: null },
  } as MemberReservation;
}

describe("a reservation as My Page shows it", () => {
  it("gives dates in the store's time zone and names in the page's language, Japanese when missing", () => {
    const en = reservationView(row(), "en", now);
    expect(en).toMatchObject({
      departure: "2026/06/20 10:00",
      return: "2026/06/22 17:00",
      storeName: "Naha Airport Store",
      returnStoreName: "Chatan Store",
      className: "Compact",
      carTypeName: "Aqua",
      status: "upcoming",
    });
    expect(en.options).toEqual([
      { name: "Child seat", quantity: 2, fee: 2_200 },
      { name: "ETC", quantity: 1, fee: 0 },
    ]);
    const ko = reservationView(row(), "ko", now);
    expect([ko.storeName, ko.className, ko.options[0]?.name]).toEqual(["那覇空港店", "コンパクト", "チャイルドシート"]);
  });

  it("returns the car where it was taken when no return store is set", () => {
    expect(reservationView(row({}, false), "en", now).returnStoreName).toBe("Naha Airport Store");
  });

  it("shows the renter's address in the order of the language, with the prefecture named", () => {
    expect(reservationView(row(), "ja", now).renter).toEqual({
      company: "株式会社サンプル",
      name: "山田 花子",
      kana: "ヤマダ ハナコ",
      tel: "090-1234-5678",
      email: "hanako@example.com",
      address: "〒900-0006 沖縄県那覇市おもろまち1-1-1",
    });
    expect(reservationView(row(), "en", now).renter?.address).toBe("那覇市おもろまち1-1-1, Okinawa, 900-0006, Japan");
    // The driver as booked: only what was given, no address.
    expect(reservationView(row(), "ja", now).driver).toMatchObject({ name: "山田 太郎", address: "", email: "" });
  });

  it("tells cancelled, in-progress and returned reservations apart", () => {
    expect(reservationView(row({ status: "cancelled" }), "ja", now).status).toBe("cancelled");
    expect(reservationView(row(), "ja", new Date("2026-06-21T00:00:00Z")).status).toBe("in_progress");
    expect(reservationView(row(), "ja", new Date("2026-06-22T08:00:00Z")).status).toBe("returned");
  });
});
