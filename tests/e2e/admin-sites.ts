/**
 * Blank sites of the e2e server (tests/e2e/setup-data.ts), one per back-office spec that changes
 * data, so no spec's changes reach another's pages. Each has an owner with the demo password.
 */
export const E2E_SITES = [
  "e2e-shell",
  "e2e-catalog",
  "e2e-prices",
  "e2e-settings",
  "e2e-content",
  "e2e-returns",
  "e2e-suspended",
  "e2e-dispatch",
  "e2e-reports",
  "e2e-search",
  "e2e-paperwork",
  "e2e-translations",
  "e2e-today",
] as const;
export type E2eSite = (typeof E2E_SITES)[number];

export const e2eOwner = (siteId: string) => `owner@${siteId}.example`;

/** What tests/e2e/setup-data.ts adds to the content spec's site: a member and a manager (demo password). */
export const E2E_CONTENT = {
  siteId: "e2e-content",
  member: "member@e2e-content.example",
  manager: "manager@e2e-content.example",
} as const;

/** receipts.spec.ts: a sakura member whose booking was paid in cash at the counter (tests/e2e/setup-data.ts). */
export const RECEIPTS_MEMBER = "receipts@sakura.example";
export const RECEIPTS_BOOKING = "E2E-RECEIPT-1";
/** admin-returns.spec.ts's site: a booking that departed 30 hours ago for a day, paid by card in advance. */
export const E2E_RETURNS = { siteId: "e2e-returns", reserveNo: "E2E-RET-1" } as const;

/** booking-pages.spec.ts: a four-language site with online bookings paused, a store with a phone, and old news. */
export const E2E_SUSPENDED = { siteId: "e2e-suspended", tel: "098-000-4040" } as const;

/**
 * admin-dispatch.spec.ts: three Aquas by plate and bookings days ahead: `conflict` on car B while
 * `blocked` (car A) overlaps it, `pointer` to be dragged from car A to car C, `keyboard` with no car.
 */
export const E2E_DISPATCH = {
  siteId: "e2e-dispatch",
  plates: ["沖縄 500 わ 10-01", "沖縄 500 わ 10-02", "沖縄 500 わ 10-03"],
  conflict: "261120-DSP2",
  blocked: "261120-DSP3",
  pointer: "261120-DSP4",
  keyboard: "261120-DSP5",
} as const;

/**
 * admin-reports.spec.ts: two stores (Ishigaki without an English name), one class, three cars, and
 * four bookings made in October 2026 whose numbers the reports' tables must show.
 */
export const E2E_REPORTS = { siteId: "e2e-reports", from: "2026-10-01", to: "2026-10-31" } as const;

/**
 * admin-search.spec.ts: bookings whose borrowers' names, readings and phones are written one way
 * (hiragana reading, a phone with hyphens, one without) for the search to find typed another way.
 */
export const E2E_SEARCH = {
  siteId: "e2e-search",
  /** 山田 花子, reading やまだ はなこ (hiragana), 090-1234-5678. */
  hanako: "261130-SRC1",
  /** 鈴木 一郎, reading スズキ イチロウ, 09087654321 (no hyphens). */
  ichiro: "261130-SRC2",
  /** A member named 山田 太郎, reading やまだ たろう. */
  memberName: "山田 太郎",
} as const;

/**
 * admin-paperwork.spec.ts: two stores; a booking at Naha that departed today on a car by plate, one
 * at Ishigaki, and besides the owner a clerk of Ishigaki and a read-only account (demo password).
 */
export const E2E_PAPERWORK = {
  siteId: "e2e-paperwork",
  company: "株式会社E2E書類レンタカー",
  plate: "沖縄 500 わ 20-01",
  naha: "261130-PPW1",
  ishigaki: "261130-PPW2",
  driverLicence: "987654321098",
  clerk: "clerk@e2e-paperwork.example",
  reader: "reader@e2e-paperwork.example",
} as const;

/**
 * admin-translations.spec.ts: a site in Japanese and English whose class and option have no
 * English name (each spec saves one), beside a store and a car type that have theirs.
 */
export const E2E_TRANSLATIONS = {
  siteId: "e2e-translations",
  className: "ミニバン",
  optionName: "チャイルドシート",
  translated: ["Main store", "Serena"],
} as const;

/**
 * admin-today.spec.ts: today at two stores. Naha: three departures (one handed over, one with a
 * car, one without), two returns due (one back), one car overdue since yesterday; six cars, one out
 * of service. Ishigaki (no English name): one departure with a car, two cars.
 */
export const E2E_TODAY = {
  siteId: "e2e-today",
  naha: {
    name: "那覇空港店",
    nameEn: "Naha Airport",
    departed: "261130-TDY1",
    withCar: "261130-TDY2",
    noCar: "261130-TDY3",
    dueBack: "261130-TDY4",
    back: "261130-TDY5",
    overdue: "261130-TDY6",
  },
  ishigaki: { name: "石垣店", departure: "261130-TDY7" },
} as const;
