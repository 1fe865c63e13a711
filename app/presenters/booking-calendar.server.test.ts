import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "#common/locales";
import { bookingUid } from "#server/calendar/ics";
import { MailMessageSchema } from "#server/mail/message";
import type { Reservation } from "#server/reservations/booking";
import type { SiteBundle } from "#server/sites/site-bundle";
import { composeBookingMails } from "./booking-mail.server";
import { composeCancellationMails, composeChangeMails } from "./operation-mail.server";

/** The booking's calendar file in the customer's mails (issue 25, decision 035). */

const ORIGIN = "https://booking.example.com";

const bundle = (timeZone = "Asia/Tokyo") =>
  ({
    client: { siteId: "sakura" },
    settings: {
      siteTitle: "さくらレンタカー",
      siteTitleEn: "Sakura Rent-a-Car",
      siteTitleKr: null,
      siteTitleTw: null,
      cancellationFees: [],
      nocDrivable: 0,
      nocNotDrivable: 0,
    },
    stores: [
      {
        id: 1,
        storeName: "那覇空港店",
        storeNameEn: "Naha Airport",
        storeNameKr: "나하 공항점",
        storeNameTw: "那霸機場店",
        zip: "901-0142",
        addressA: "沖縄県那覇市",
        addressAEn: "Naha, Okinawa",
        addressB: "鏡水150",
        addressBEn: "150 Kagamizu",
        tel: "098-000-8301",
        email: "naha@example.com",
        timeZone,
      },
    ],
    catalogue: {
      classes: [{ id: 5, className: "コンパクト", classNameEn: "Compact" }],
      carTypes: [
        { id: 9, classId: 5, typeName: "アクア", typeNameEn: "Aqua", typeNameKr: "아쿠아", typeNameTw: "Aqua 油電" },
      ],
      immunityFees: [],
      options: [],
    },
  }) as unknown as SiteBundle;

const reservation = (overrides: Partial<Reservation> = {}) =>
  ({
    id: 42,
    siteId: "sakura",
    reserveNo: "261204-K7QM",
    storeId: 1,
    returnStoreId: 1,
    carTypeId: 9,
    // 11:00 and 17:00 in Japan (UTC+9).
    startAt: new Date("2026-12-04T02:00:00Z"),
    endAt: new Date("2026-12-06T08:00:00Z"),
    status: "confirmed",
    paymentStatus: null,
    memberId: 7,
    rentalFee: 26_400,
    optionFee: 0,
    immunityFee: 0,
    totalFee: 26_400,
    payMethod: 2,
    payMethodOther: null,
    optionNotPossibleType: null,
    remarks: "",
    locale: "ja",
    borrower: { name: "山田 花子", email: "hanako@example.com", tel: "090-1234-5678" },
    driver: null,
    options: [],
    createdAt: new Date("2026-11-22T00:00:00Z"),
    cancelledAt: null,
    revision: 0,
    linkSecret: "00000000-0000-4000-8000-000000000000",
    ...overrides,
  }) as Reservation;

const unfold = (ics: string) => ics.replace(/\r\n /g, "").split("\r\n");
/** A property of the event (or of the calendar, for METHOD), not of the zone's definition. */
const prop = (ics: string, name: string) => {
  const lines = unfold(ics);
  const scope = name === "METHOD" ? lines : lines.slice(lines.indexOf("BEGIN:VEVENT"));
  return scope.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`)) ?? "";
};

const SUMMARY: Record<Locale, string> = {
  ja: "SUMMARY:レンタカー：アクア（那覇空港店）",
  en: "SUMMARY:Rental car: Aqua — Naha Airport",
  ko: "SUMMARY:렌터카: 아쿠아 — 나하 공항점",
  "zh-TW": "SUMMARY:租車：Aqua 油電（那霸機場店）",
};

function icsOf(mail: { attachments?: { filename: string; contentType: string; content: string }[] } | null) {
  const [file] = mail?.attachments ?? [];
  if (!file) throw new Error("no attachment");
  return file;
}

describe("the confirmation mail's .ics", () => {
  it.each(LOCALES)("in %s: the rental as one event in the store's zone, in the booking's language", (locale) => {
    const mails = composeBookingMails(bundle(), ORIGIN)(reservation({ locale }));
    const file = icsOf(mails.borrower);
    expect(file.filename).toBe("reservation-261204-K7QM.ics");
    expect(prop(file.content, "SUMMARY")).toBe(SUMMARY[locale]);
    expect(prop(file.content, "DTSTART")).toBe("DTSTART;TZID=Asia/Tokyo:20261204T110000");
    expect(prop(file.content, "DTEND")).toBe("DTEND;TZID=Asia/Tokyo:20261206T170000");
    expect(prop(file.content, "UID")).toBe(`UID:${bookingUid("sakura", "261204-K7QM")}`);
    expect(prop(file.content, "DESCRIPTION")).toContain("261204-K7QM");
    expect(prop(file.content, "LOCATION")).toMatch(/^LOCATION:/);
    // The store's copy has none: the store works from its feed.
    expect(mails.store?.attachments).toBeUndefined();
    // The whole mail, attachment included, is what the outbox accepts.
    expect(MailMessageSchema.safeParse({ ...mails.borrower, locale, kind: "reservation_confirmed" }).success).toBe(
      true,
    );
  });

  it("is placed in the store's own zone", () => {
    const file = icsOf(composeBookingMails(bundle("Asia/Seoul"), ORIGIN)(reservation()).borrower);
    expect(prop(file.content, "DTSTART")).toBe("DTSTART;TZID=Asia/Seoul:20261204T110000");
    expect(file.content).toContain("TZID:Asia/Seoul");
  });

  it("names the store's address in the booking's language", () => {
    const en = icsOf(composeBookingMails(bundle(), ORIGIN)(reservation({ locale: "en" })).borrower);
    expect(prop(en.content, "LOCATION")).toBe(
      "LOCATION:Naha Airport 150 Kagamizu\\, Naha\\, Okinawa\\, 901-0142\\, Japan",
    );
  });

  it("is the same file when the confirmation is sent again", () => {
    const compose = composeBookingMails(bundle(), ORIGIN);
    expect(icsOf(compose(reservation()).borrower)).toEqual(icsOf(compose(reservation()).borrower));
  });
});

describe("the change and cancellation mails' .ics", () => {
  it("replaces the event: same UID, SEQUENCE of the new revision, the new period", () => {
    const changed = reservation({ locale: "ko", revision: 1, endAt: new Date("2026-12-07T08:00:00Z") });
    const mails = composeChangeMails(bundle())(changed, {
      previous: reservation(),
      difference: 6000,
      settlement: { charged: 0, refunded: 0, notMoved: 0 },
    });
    const file = icsOf(mails.borrower);
    expect(prop(file.content, "UID")).toBe(`UID:${bookingUid("sakura", "261204-K7QM")}`);
    expect(prop(file.content, "SEQUENCE")).toBe("SEQUENCE:1");
    expect(prop(file.content, "DTEND")).toBe("DTEND;TZID=Asia/Tokyo:20261207T170000");
    expect(prop(file.content, "SUMMARY")).toBe(SUMMARY.ko);
    expect(mails.store?.attachments).toBeUndefined();
  });

  it("cancels the event under the same UID", () => {
    const cancelled = reservation({
      locale: "en",
      status: "cancelled",
      revision: 1,
      cancelledAt: new Date("2026-11-30T00:00:00Z"),
    });
    const mails = composeCancellationMails(bundle())(cancelled, { fee: 0, refund: 0 } as never);
    const file = icsOf(mails.borrower);
    expect(prop(file.content, "METHOD")).toBe("METHOD:CANCEL");
    expect(prop(file.content, "STATUS")).toBe("STATUS:CANCELLED");
    expect(prop(file.content, "SEQUENCE")).toBe("SEQUENCE:2");
    expect(prop(file.content, "UID")).toBe(`UID:${bookingUid("sakura", "261204-K7QM")}`);
    expect(prop(file.content, "SUMMARY")).toBe("SUMMARY:Cancelled: rental car Aqua — Naha Airport");
  });
});
