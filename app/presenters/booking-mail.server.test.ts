import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "#common/locales";
import { MailMessageSchema } from "#server/mail/message";
import type { Reservation } from "#server/reservations/booking";
import type { SiteBundle } from "#server/sites/site-bundle";
import { composeBookingMails, myPageReservationUrl } from "./booking-mail.server";

const ORIGIN = "https://booking.example.com";

function bundle(store: { email?: string | null; timeZone?: string } = {}): SiteBundle {
  return {
    client: { siteId: "sakura" },
    settings: {
      siteTitle: "さくらレンタカー",
      siteTitleEn: "Sakura Rent-a-Car",
      siteTitleKr: "사쿠라 렌터카",
      siteTitleTw: "櫻花租車",
      cancellationFees: [
        { daysBefore: 0, percent: 100 },
        { daysBefore: 3, percent: 50 },
      ],
      nocDrivable: 20_000,
      nocNotDrivable: 50_000,
    },
    stores: [
      {
        id: 1,
        storeName: "那覇空港店",
        storeNameEn: "Naha Airport",
        storeNameKr: "나하 공항점",
        storeNameTw: "那霸機場店",
        tel: "098-000-8301",
        email: store.email === undefined ? "naha@example.com" : store.email,
        timeZone: store.timeZone ?? "Asia/Tokyo",
      },
    ],
    catalogue: {
      classes: [{ id: 5, className: "コンパクト", classNameEn: "Compact", classNameKr: null, classNameTw: null }],
      carTypes: [{ id: 9, classId: 5, typeName: "アクア", typeNameEn: "Aqua", typeNameKr: null, typeNameTw: null }],
      immunityFees: [{ classId: 5, pricePerDay: 1_100, isDefault: true }],
      options: [
        { id: 1, optionName: "チャイルドシート", optionNameEn: "Child seat", coversNoc: false },
        { id: 7, optionName: "安心パック", optionNameEn: "Peace-of-mind pack", coversNoc: true },
      ],
    },
  } as unknown as SiteBundle;
}

function reservation(overrides: Partial<Reservation> = {}): Reservation {
  return {
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
    holdExpiresAt: null,
    cancelledAt: null,
    paymentId: null,
    paymentStatus: null,
    optionNotPossibleType: 1,
    memberId: 7,
    driverId: 3,
    rentalFee: 26_400,
    optionFee: 1_650,
    immunityFee: 3_300,
    totalFee: 31_350,
    payMethod: 2,
    payMethodOther: null,
    destination: "美ら海水族館",
    purpose: "観光",
    passengers: 3,
    remarks: "",
    locale: "ja",
    borrower: {
      userType: 1,
      name: "山田 花子",
      kana: "ヤマダ ハナコ",
      email: "hanako@example.com",
      tel: "090-1234-5678",
      zip: "9000006",
      prefCode: 47,
      addressA: "那覇市おもろまち1-1-1",
    },
    driver: { name: "山田 太郎", kana: "ヤマダ タロウ", tel: "090-0000-0000", licenseNumber: "123456789012" },
    options: [
      // The submit keys names by URL prefix (kr, tw); older rows by locale.
      {
        optionId: 1,
        name: { ja: "チャイルドシート", en: "Child seat", kr: "카시트", tw: "兒童安全座椅" },
        quantity: 1,
        fee: 1_650,
      },
      { optionId: 2, name: { ja: "ETC" }, quantity: 0, fee: 0 },
    ],
    searchText: null,
    createdAt: new Date("2026-11-22T00:00:00Z"),
    vehicleId: null,
    blockedUntil: new Date("2026-12-06T08:00:00Z"),
    departedAt: null,
    departureMileage: null,
    departureFuel: null,
    departureCheck: null,
    departureNotes: "",
    returnedAt: null,
    returnMileage: null,
    returnFuel: null,
    returnCheck: null,
    returnNotes: "",
    extras: [],
    extraFee: 0,
    cancellationFee: 0,
    revision: 0,
    linkSecret: "00000000-0000-4000-8000-000000000000",
    channel: "web",
    counterContact: null,
    takenByStaffId: null,
    returnDamage: null,
    ...overrides,
  };
}

const ZONE: Record<Locale, string> = {
  ja: "日本時間",
  en: "Japan time (JST)",
  ko: "일본 시간(JST)",
  "zh-TW": "日本時間 (JST)",
};
const YEN: Record<Locale, (n: string) => string> = {
  ja: (n) => `${n}円`,
  en: (n) => `¥${n}`,
  ko: (n) => `¥${n}`,
  "zh-TW": (n) => `${n} 日圓`,
};
const OPTION: Record<Locale, string> = {
  ja: "チャイルドシート",
  en: "Child seat",
  ko: "카시트",
  "zh-TW": "兒童安全座椅",
};

const valid = (mail: { to: string; subject: string; text: string }, locale: Locale) =>
  MailMessageSchema.safeParse({ ...mail, locale, kind: "reservation_confirmed" }).success;

describe("the borrower's confirmation mail", () => {
  it.each(LOCALES)("in %s has the reserve number, the time zone, every fee and the total", (locale) => {
    const mails = composeBookingMails(bundle(), ORIGIN)(reservation({ locale }));
    const mail = mails.borrower;
    expect(mail).not.toBeNull();
    if (!mail) return;
    expect(mail.to).toBe("hanako@example.com");
    expect(mail.subject).toContain("261204-K7QM");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain("山田 花子");
    expect(mail.text).toContain("261204-K7QM");
    expect(mail.text).toContain(`2026/12/04 11:00`);
    expect(mail.text).toContain(`2026/12/06 17:00`);
    expect(mail.text).toContain(ZONE[locale]);
    for (const amount of ["26,400", "1,650", "3,300", "31,350"]) expect(mail.text).toContain(YEN[locale](amount));
    expect(mail.text).toContain(OPTION[locale]);
    expect(mail.text).not.toContain("ETC"); // not booked (quantity 0)
    // The store's number as the reader dials it: from abroad with +81.
    expect(mail.text).toContain(locale === "ja" ? "098-000-8301" : "+81 98-000-8301");
    expect(mail.text).toContain(myPageReservationUrl(ORIGIN, "sakura", locale, 42));
    expect(mail.text).not.toMatch(/\{\w+\}|bookingMail\./);
    expect(valid(mail, locale)).toBe(true);
  });

  it("states the passengers, what the total covers, the site's cancellation rule and the papers to bring (issue 40)", () => {
    const abroad = { name: "Jane Doe", email: "jane@example.com", prefCode: 48, country: "US" };
    const ja = composeBookingMails(bundle(), ORIGIN)(reservation()).borrower?.text ?? "";
    expect(ja).toContain("乗車人数：3名");
    expect(ja).toContain("・出発の 1〜3 日前：合計の 50%");
    expect(ja).toContain("免責補償（CDW）：加入（3,300円）");
    expect(ja).toContain("・運転免許証（原本・有効期限内のもの）");
    const en = composeBookingMails(
      bundle(),
      ORIGIN,
    )(reservation({ locale: "en", borrower: abroad, driver: { ...abroad, licenseTypes: ["international"] } })).borrower
      ?.text;
    expect(en).toContain("Passengers: 3 people");
    expect(en).toContain("- On the day of departure: 100% of the total");
    expect(en).toContain("20,000");
    expect(en).toContain("- Your passport and your International Driving Permit (1949 Geneva Convention)");
    expect(en).not.toContain("bring one of these");
  });

  it("names the option that covers the NOC instead of stating its amounts (issue 40)", () => {
    const cover = { optionId: 7, name: { ja: "安心パック", en: "Peace-of-mind pack" }, quantity: 1, fee: 1_100 };
    const en = composeBookingMails(bundle(), ORIGIN)(reservation({ locale: "en", options: [cover] })).borrower?.text;
    expect(en).toContain("Loss-of-use charge (NOC): covered by Peace-of-mind pack");
    expect(en).not.toContain("20,000");
  });

  it("speaks the booking's language: site title, store, class and car type, with Japanese when a name is missing", () => {
    const en = composeBookingMails(bundle(), ORIGIN)(reservation({ locale: "en" })).borrower;
    expect(en?.subject).toBe("[Sakura Rent-a-Car] Your reservation is confirmed (reservation no. 261204-K7QM)");
    expect(en?.text).toContain("Dear 山田 花子,");
    expect(en?.text).toContain("Pick-up store: Naha Airport");
    expect(en?.text).toContain("Pick-up: 2026/12/04 11:00 Japan time (JST)");
    expect(en?.text).toContain("Class: Compact");
    expect(en?.text).toContain("Car type: Aqua");
    expect(en?.text).toContain("- Child seat × 1: ¥1,650");
    expect(en?.text).toContain("Total (tax included): ¥31,350");
    expect(en?.text).toContain("https://booking.example.com/en/sakura/mypage/reserves/42");
    const ko = composeBookingMails(bundle(), ORIGIN)(reservation({ locale: "ko" })).borrower;
    expect(ko?.text).toContain("나하 공항점");
    expect(ko?.text).toContain("コンパクト");
    expect(ko?.text).toContain("https://booking.example.com/kr/sakura/mypage/reserves/42");
    const ja = composeBookingMails(bundle(), ORIGIN)(reservation()).borrower;
    expect(ja?.text).toContain("出発日時：2026/12/04 11:00（日本時間）");
    expect(ja?.text).toContain("https://booking.example.com/sakura/mypage/reserves/42");
  });

  it("names another store time zone by its IANA id", () => {
    const mail = composeBookingMails(bundle({ timeZone: "Pacific/Guam" }), ORIGIN)(reservation({ locale: "en" }));
    // 11:00 UTC+9 is 12:00 in Guam (UTC+10).
    expect(mail.borrower?.text).toContain("2026/12/04 12:00 Local time (Pacific/Guam)");
  });

  it("states the payment method: paid card, cash, card at the store, other with its text", () => {
    const text = (o: Partial<Reservation>, locale: Locale = "ja") =>
      composeBookingMails(bundle(), ORIGIN)(reservation({ locale, ...o })).borrower?.text ?? "";
    expect(text({ payMethod: 1, paymentStatus: "paid" })).toContain(
      "お支払い方法：クレジットカード事前決済（お支払い済み）",
    );
    expect(text({ payMethod: 2 })).toContain("お支払い方法：店頭で現金払い");
    expect(text({ payMethod: 3 })).toContain("お支払い方法：店頭でクレジットカード払い");
    expect(text({ payMethod: 4, payMethodOther: "請求書払い" })).toContain("お支払い方法：その他（請求書払い）");
    expect(text({ payMethod: 1, paymentStatus: "paid" }, "en")).toContain(
      "Payment method: Card, paid in advance (paid)",
    );
  });

  it("gives a guest no My Page link", () => {
    const mail = composeBookingMails(bundle(), ORIGIN)(reservation({ memberId: null, locale: "en" })).borrower;
    expect(mail?.text).not.toContain("mypage");
    expect(mail?.text).not.toContain("My Page");
  });

  it("gives a guest the signed cancellation link where the site lets customers cancel online, and the store's number for changes", () => {
    const open = bundle();
    Object.assign(open.settings, { customerCancel: true, customerCancelDeadlineHours: 24 });
    const guest = reservation({ memberId: null, locale: "ko", startAt: new Date("2026-12-10T01:00:00Z") });
    const text = composeBookingMails(open, ORIGIN)(guest).borrower?.text ?? "";
    const link =
      /https:\/\/booking\.example\.com\/kr\/sakura\/reserve\/cancel\?no=[^&\s]+&exp=(\d+)&sig=[\w-]{43}/.exec(text);
    // Until a day before the departure (10:00 in Tokyo), stated in the store's time.
    expect(Number(link?.[1]) * 1000).toBe(new Date("2026-12-09T01:00:00Z").getTime());
    expect(text).toContain("2026/12/09 10:00");
    expect(text).toContain("예약 변경은");
    const closed = composeBookingMails(bundle(), ORIGIN)(guest).borrower?.text ?? "";
    expect(closed).not.toContain("/reserve/cancel");
    expect(closed).toContain("예약 변경・취소는");
  });

  it("tells a member they may cancel on My Page until the deadline, as the completion page does; a booking made past it calls the store", () => {
    const open = bundle();
    Object.assign(open.settings, { customerCancel: true, customerCancelDeadlineHours: 24 });
    const member = reservation({ locale: "en", startAt: new Date("2026-12-10T01:00:00Z") });
    const text = composeBookingMails(open, ORIGIN)(member).borrower?.text ?? "";
    expect(text).toContain(
      "You can cancel this reservation on My Page until 2026/12/09 10:00 Japan time (JST) (the fee is shown before you confirm).",
    );
    expect(text).toContain("https://booking.example.com/en/sakura/mypage/reserves/42");
    expect(text).toContain("To change your reservation, please call");
    // Booked within the last day before departure: nothing to cancel online, the store takes it.
    const late = reservation({ locale: "en", startAt: new Date("2026-11-22T12:00:00Z") });
    const lateText = composeBookingMails(open, ORIGIN)(late).borrower?.text ?? "";
    expect(lateText).not.toContain("cancel this reservation on My Page");
    expect(lateText).toContain("https://booking.example.com/en/sakura/mypage/reserves/42");
    const guestLate = composeBookingMails(open, ORIGIN)({ ...late, memberId: null }).borrower?.text ?? "";
    expect(guestLate).not.toContain("/reserve/cancel");
  });

  it("is not written without a valid borrower e-mail", () => {
    const compose = composeBookingMails(bundle(), ORIGIN);
    expect(compose(reservation({ borrower: { name: "山田 花子" } })).borrower).toBeNull();
    expect(compose(reservation({ borrower: { name: "山田 花子", email: "not-an-address" } })).borrower).toBeNull();
    expect(compose(reservation({ borrower: null })).borrower).toBeNull();
  });

  it("addresses a corporation with its company name", () => {
    const mail = composeBookingMails(
      bundle(),
      ORIGIN,
    )(
      reservation({
        borrower: { userType: 2, company: "株式会社サンプル", name: "山田 花子", email: "corp@example.com" },
      }),
    ).borrower;
    expect(mail?.text.split("\n")[0]).toBe("株式会社サンプル 山田 花子 様");
  });
});

describe("the store's notification", () => {
  it("is in Japanese whatever the booking's language, with the renter's and the driver's contact details", () => {
    const mail = composeBookingMails(bundle(), ORIGIN)(reservation({ locale: "en" })).store;
    expect(mail).not.toBeNull();
    if (!mail) return;
    expect(mail.to).toBe("naha@example.com");
    expect(mail.subject).toBe("【さくらレンタカー】Web予約が入りました（予約番号 261204-K7QM）");
    expect(mail.text).toContain("那覇空港店 ご担当者様");
    expect(mail.text).toContain("出発日時：2026/12/04 11:00（日本時間）");
    expect(mail.text).toContain("・チャイルドシート × 1　1,650円");
    expect(mail.text).toContain("合計（税込）：31,350円");
    expect(mail.text).toContain("お支払い方法：店頭で現金払い");
    expect(mail.text).toContain("オプションをご用意できない場合：そのまま予約する");
    expect(mail.text).toContain("お客様区分：会員（会員番号 7）");
    expect(mail.text).toContain("ご予約の言語：English");
    expect(mail.text).toContain("氏名：山田 花子（ヤマダ ハナコ）");
    expect(mail.text).toContain("メールアドレス：hanako@example.com");
    expect(mail.text).toContain("電話番号：090-1234-5678");
    expect(mail.text).toContain("住所：〒900-0006 沖縄県那覇市おもろまち1-1-1");
    expect(mail.text).toContain("行き先：美ら海水族館");
    expect(mail.text).toContain("乗車人数：3名");
    expect(mail.text).toContain("氏名：山田 太郎（ヤマダ タロウ）");
    expect(mail.text).toContain("運転免許証番号：123456789012");
    expect(mail.text).not.toMatch(/\{\w+\}|bookingMail\./);
    expect(MailMessageSchema.safeParse({ ...mail, locale: "ja", kind: "store_notification" }).success).toBe(true);
  });

  it("gives a guest from abroad's address in its country's order, the country named, the phone with its country code", () => {
    const seoul = {
      userType: 1 as const,
      name: "홍길동",
      kana: "HONG GILDONG",
      email: "gildong@example.com",
      tel: "+821012345678",
      zip: "04524",
      prefCode: 48,
      country: "KR",
      addressA: "서울특별시 중구 세종대로 110",
    };
    const r = reservation({ locale: "ko", memberId: null, driverId: null, borrower: seoul, driver: seoul });
    const mails = composeBookingMails(bundle(), ORIGIN)(r);
    const store = mails.store?.text ?? "";
    expect(store).toContain("ご予約の言語：한국어");
    expect(store).toContain("電話番号：+82 10 1234 5678");
    expect(store).toContain("住所：韓国 04524 서울특별시 중구 세종대로 110");
    expect(store).not.toMatch(/〒|海外・その他/);
    const own = mails.borrower?.text ?? "";
    expect(own).toContain("주소: 대한민국 04524 서울특별시 중구 세종대로 110");
    expect(own).toContain("전화번호: +82 10 1234 5678");
    const us = {
      ...seoul,
      tel: "+12015550123",
      zip: "94103",
      country: "US",
      addressA: "1 Market St, San Francisco, CA",
    };
    const en = composeBookingMails(bundle(), ORIGIN)(reservation({ locale: "en", borrower: us, driver: us })).store;
    expect(en?.text).toContain("住所：1 Market St, San Francisco, CA, 94103, アメリカ合衆国");
    expect(en?.text).toContain("電話番号：+1 201 555 0123");
  });

  it("says when the driver is the renter, and names a guest", () => {
    const borrower = { name: "山田 花子", email: "hanako@example.com", tel: "090-1234-5678" };
    const mail = composeBookingMails(
      bundle(),
      ORIGIN,
    )(reservation({ memberId: null, driverId: null, borrower, driver: borrower })).store;
    expect(mail?.text).toContain("借受人と同じ");
    expect(mail?.text).toContain("お客様区分：ゲスト（会員登録なし）");
  });

  it("is not written when the store has no (valid) e-mail", () => {
    expect(composeBookingMails(bundle({ email: null }), ORIGIN)(reservation()).store).toBeNull();
    expect(composeBookingMails(bundle({ email: "" }), ORIGIN)(reservation()).store).toBeNull();
    expect(composeBookingMails(bundle({ email: "naha store" }), ORIGIN)(reservation()).store).toBeNull();
    // The borrower's mail does not depend on it.
    expect(composeBookingMails(bundle({ email: null }), ORIGIN)(reservation()).borrower).not.toBeNull();
  });
});
