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
