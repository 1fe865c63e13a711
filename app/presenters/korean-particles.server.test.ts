import { describe, expect, it } from "vitest";
import { CATALOGUES, type MessageKey, translate } from "#app/i18n/messages";
import type { Reservation } from "#server/reservations/booking";
import type { SiteBundle } from "#server/sites/site-bundle";
import { composeBookingMails } from "./booking-mail.server";
import { passwordResetMailIn } from "./password-mail.server";

/**
 * Issue 40: a Korean mail or page never shows a particle placeholder such as "을(를)" or "(으)로"
 * after a name; the particle follows the name's last sound.
 */

const PLACEHOLDER = /\((?:을|를|이|가|은|는|으|과|와)\)|[을이은과와]\((?:를|가|는|와|과)\)|\{\w+:/;

/** Site and store names with and without a final consonant, and ending in ㄹ, a digit or a bracket. */
const NAMES = ["사쿠라 렌터카 오키나와", "나하공항점", "서울", "이시가키 제2점", "나하점(공항)", "Sakura Rent-a-Car"];

describe("the Korean catalogue", () => {
  it.each(NAMES)("has no particle placeholder once every name is %s", (name) => {
    const ko = CATALOGUES.ko as Record<string, string>;
    for (const key of Object.keys(ko)) {
      const params = Object.fromEntries([...(ko[key] ?? "").matchAll(/\{(\w+)/g)].map((m) => [m[1], name]));
      const text = translate(CATALOGUES.ko, key as MessageKey, params);
      expect(text, key).not.toMatch(PLACEHOLDER);
    }
  });
});

function bundle(siteTitleKr: string, storeNameKr: string): SiteBundle {
  return {
    client: { siteId: "sakura" },
    settings: {
      siteTitle: "さくらレンタカー",
      siteTitleKr,
      cancellationFees: [{ daysBefore: 0, percent: 100 }],
      nocDrivable: 20_000,
      nocNotDrivable: 50_000,
    },
    stores: [
      {
        id: 1,
        storeName: "那覇空港店",
        storeNameKr,
        tel: "098-000-8301",
        email: "naha@example.com",
        timeZone: "Asia/Tokyo",
      },
    ],
    catalogue: {
      classes: [{ id: 5, className: "コンパクト", classNameKr: "소형" }],
      carTypes: [{ id: 9, classId: 5, typeName: "アクア", typeNameKr: "아쿠아" }],
      immunityFees: [{ classId: 5, pricePerDay: 1_100, isDefault: true }],
      options: [],
    },
  } as unknown as SiteBundle;
}

const reservation = (memberId: number | null) =>
  ({
    id: 42,
    siteId: "sakura",
    reserveNo: "261204-K7QM",
    storeId: 1,
    returnStoreId: 1,
    carTypeId: 9,
    startAt: new Date("2026-12-04T02:00:00Z"),
    endAt: new Date("2026-12-06T08:00:00Z"),
    status: "confirmed",
    paymentStatus: null,
    optionNotPossibleType: 1,
    memberId,
    rentalFee: 26_400,
    optionFee: 0,
    immunityFee: 0,
    totalFee: 26_400,
    payMethod: 2,
    payMethodOther: null,
    destination: "",
    purpose: "",
    passengers: 3,
    remarks: "",
    locale: "ko",
    borrower: { userType: 1, name: "홍길동", email: "hong@example.com", tel: "+821012345678" },
    driver: null,
    options: [],
    createdAt: new Date("2026-11-22T00:00:00Z"),
    extras: [],
    extraFee: 0,
    cancellationFee: 0,
    revision: 0,
    linkSecret: "00000000-0000-4000-8000-000000000000",
    channel: "web",
  }) as unknown as Reservation;

describe("Korean customer mails", () => {
  const cases = [
    { site: "사쿠라 렌터카 오키나와", store: "나하공항점", siteWith: "를", storeWith: "으로" },
    { site: "하나 렌터카 나하점", store: "서울", siteWith: "을", storeWith: "로" },
    { site: "렌터카 24", store: "이시가키 제2점", siteWith: "를", storeWith: "으로" },
  ];

  it.each(cases)("choose the particles after $site and $store", ({ site, store, siteWith, storeWith }) => {
    for (const memberId of [7, null]) {
      const mail = composeBookingMails(bundle(site, store), "https://booking.example.com")(reservation(memberId));
      const text = mail.borrower?.text ?? "";
      expect(text).toContain(`${site}${siteWith} 이용해 주셔서 감사합니다.`);
      expect(text).toContain(`${store}${storeWith} 전화해 주십시오(전화 +81 98-000-8301).`);
      expect(text).not.toMatch(PLACEHOLDER);
    }
    const reset = passwordResetMailIn({ siteId: "sakura", title: site, origin: "https://x.example" }, "ko");
    for (const firstPassword of [false, true]) {
      const body = reset.mail({ link: "https://x.example/reset", firstPassword } as Parameters<typeof reset.mail>[0]);
      expect(body.text).toContain(`${site}${siteWith} 이용해 주셔서 감사합니다.`);
      expect(body.text).not.toMatch(PLACEHOLDER);
    }
  });
});
