import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reservations, siteSettings } from "#server/db/schema";
import type { CreatedSite } from "#server/db/seed/factories";
import { writeAttempt, writeOutcome } from "#server/ledger/ledger";
import { createMailer } from "#server/mail/mailer";
import { PaymentSimulator } from "#server/payments";
import { firstPaymentInLedger } from "#tests/fixtures/card-booking";
import { refusal } from "#tests/fixtures/refusal";
import { makeSite } from "#tests/fixtures/sites";
import { OWNER, parsed } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { type CancellationDeps, cancelAtCounter } from "./cancellation";
import {
  type ConfirmationToken,
  confirmCancellation,
  previewCancellation,
  tokenFields,
  tokenFromForm,
} from "./cancellation-preview";
import { StaffCancelSchema } from "./counter.schema";
import { findReservation } from "./reservations";

/**
 * The confirmation step of a cancellation (issue 37, item 7) against the database: fixtures as the
 * owner, the code under test through the site's app role (row-level security forced).
 */

let handle: TestDb;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 12:00 in Tokyo. */
const NOW = new Date("2026-12-01T03:00:00Z");

/** A site with one store and one car type, sakura's schedule (100% on the day, 50% 1-3 days before) and online cancelling until 24 h before. */
async function site(): Promise<CreatedSite & { store: number; type: number }> {
  const created = await makeSite(handle.owner, {
    catalogue: {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "アクア", capacity: 5 }],
      vehicles: [{ store: 0, typeKey: "t", count: 2 }],
    },
  });
  await handle.owner
    .update(siteSettings)
    .set({
      customerCancel: true,
      customerCancelDeadlineHours: 24,
      cancellationFees: [
        { daysBefore: 3, percent: 50 },
        { daysBefore: 0, percent: 100 },
      ],
    })
    .where(eq(siteSettings.siteId, created.siteId));
  return { ...created, store: created.storeIds[0] as number, type: created.catalogue?.typeIds.t as number };
}

let numbered = 0;
async function book(
  s: Awaited<ReturnType<typeof site>>,
  startAt: Date,
  extra: Partial<typeof reservations.$inferInsert>,
) {
  numbered += 1;
  const [row] = await handle.owner
    .insert(reservations)
    .values({
      siteId: s.siteId,
      reserveNo: `P-${numbered}`,
      storeId: s.store,
      carTypeId: s.type,
      startAt,
      endAt: new Date(startAt.getTime() + 6 * HOUR),
      status: "confirmed",
      rentalFee: 30_000,
      totalFee: 30_000,
      locale: "ja",
      borrower: { name: "山田 花子", email: "hanako@example.com", tel: "+819012345678" },
      createdAt: new Date(NOW.getTime() - DAY),
      ...extra,
    })
    .returning();
  if (!row) throw new Error("no reservation");
  return row;
}

/** The booking as the app role reads it now. */
const reread = (s: CreatedSite, reserveNo: string) =>
  findReservation(handle.forSite(s.siteId), s.siteId, OWNER, reserveNo);

const mailer = createMailer({ MAIL_TRANSPORT: "outbox" });
const mails: CancellationDeps["mails"] = (r, outcome) => ({
  borrower: {
    to: "hanako@example.com",
    subject: `取消 ${r.reserveNo}`,
    text: `fee ${outcome.fee} refund ${outcome.refund}`,
  },
  store: null,
});

describe("previewing a cancellation", () => {
  it("shows the schedule's fee, what the card holds less the fee as the refund, the rule and the online deadline", async () => {
    const s = await site();
    const start = new Date(NOW.getTime() + 2 * DAY);
    const r = await book(s, start, { payMethod: 1, paymentId: "sim_pi_preview", paymentStatus: "paid" });
    await firstPaymentInLedger(handle.owner, s.siteId, r, "sim_pi_preview");
    const db = handle.forSite(s.siteId);
    const preview = await previewCancellation(db, s.siteId, { reservation: r, now: NOW });
    expect(preview).toMatchObject({
      reserveNo: r.reserveNo,
      total: 30_000,
      proposed: { daysBefore: 2, percent: 50, fee: 15_000 },
      fee: 15_000,
      paidByCard: true,
      cardBalance: 30_000,
      refund: 15_000,
      rule: {
        steps: [
          { daysBefore: 0, percent: 100 },
          { daysBefore: 3, percent: 50 },
        ],
        customerCancel: true,
        deadlineHours: 24,
      },
      token: { revision: 0, proposedFee: 15_000, balance: 30_000 },
    });
    expect(preview.onlineDeadline?.getTime()).toBe(start.getTime() - DAY);
    // Staff lower the fee: more goes back; a fee the card cannot cover gives back nothing, never less.
    expect((await previewCancellation(db, s.siteId, { reservation: r, now: NOW, fee: 1_000 })).refund).toBe(29_000);
    expect((await previewCancellation(db, s.siteId, { reservation: r, now: NOW, fee: 40_000 })).refund).toBe(0);
    // The token survives the page's hidden fields.
    expect(tokenFromForm(tokenFields(preview.token))).toEqual(preview.token);
    expect(tokenFromForm({ revision: "0", proposed_fee: "x", balance: "0" })).toBeNull();
  });

  it("refunds nothing for a booking paid at the store, whatever the fee", async () => {
    const s = await site();
    const r = await book(s, new Date(NOW.getTime() + 5 * HOUR), { payMethod: 2 });
    const preview = await previewCancellation(handle.forSite(s.siteId), s.siteId, { reservation: r, now: NOW });
    expect(preview).toMatchObject({
      proposed: { daysBefore: 0, percent: 100, fee: 30_000 },
      paidByCard: false,
      cardBalance: 0,
      refund: 0,
    });
  });

  it("sees only its own site's schedule", async () => {
    const mine = await site();
    const other = await site();
    await handle.owner
      .update(siteSettings)
      .set({ cancellationFees: [{ daysBefore: 10, percent: 80 }] })
      .where(eq(siteSettings.siteId, other.siteId));
    const r = await book(mine, new Date(NOW.getTime() + 2 * DAY), { payMethod: 2 });
    const preview = await previewCancellation(handle.forSite(mine.siteId), mine.siteId, { reservation: r, now: NOW });
    expect(preview.proposed.percent).toBe(50);
  });
});

describe("confirming a cancellation", () => {
  it("cancels at the numbers the confirmation showed when they still hold", async () => {
    const s = await site();
    const payments = new PaymentSimulator();
    // Paid at the store: a card refund through refundToCard deletes a ledger row, which the app role may
    // not do (card-payments.ts, rewritten separately); the preview's card numbers are covered above.
    const r = await book(s, new Date(NOW.getTime() + 2 * DAY), { payMethod: 2 });
    const db = handle.forSite(s.siteId);
    const shown = await previewCancellation(db, s.siteId, { reservation: r, now: NOW });
    const token = tokenFromForm(tokenFields(shown.token));
    const confirmed = await confirmCancellation(db, s.siteId, {
      reservation: await reread(s, r.reserveNo),
      token,
      now: NOW,
    });
    expect(confirmed).toMatchObject({ state: "confirmed", preview: { fee: 15_000, refund: 0 } });
    const outcome = await cancelAtCounter(
      db,
      s.siteId,
      OWNER,
      r.reserveNo,
      parsed(StaffCancelSchema, { fee: "15000" }),
      { payments, mailer, mails },
      NOW,
    );
    expect(outcome).toEqual({ fee: 15_000, refund: 0, refundPending: 0 });
    expect((await reread(s, r.reserveNo)).status).toBe("cancelled");
    // The same confirmation sent again (a double click) finds the booking cancelled, and says so.
    expect(
      await confirmCancellation(db, s.siteId, { reservation: await reread(s, r.reserveNo), token, now: NOW }),
    ).toEqual({
      state: "already_cancelled",
    });
  });

  it("refuses a confirmation whose fee moved because the day changed, and cancels nothing", async () => {
    const s = await site();
    // Five days ahead: free now; two days later, three days before, half the total.
    const r = await book(s, new Date(NOW.getTime() + 5 * DAY), { payMethod: 2 });
    const db = handle.forSite(s.siteId);
    const shown = await previewCancellation(db, s.siteId, { reservation: r, now: NOW });
    expect(shown.proposed.fee).toBe(0);
    const later = new Date(NOW.getTime() + 2 * DAY);
    const stale = await refusal(confirmCancellation(db, s.siteId, { reservation: r, token: shown.token, now: later }));
    expect(stale.details.reason).toEqual({ code: "cancel_stale_fee" });
    expect((await reread(s, r.reserveNo)).status).toBe("confirmed");
    // The confirmation shown again holds.
    const again = await previewCancellation(db, s.siteId, { reservation: r, now: later });
    expect(again.proposed.fee).toBe(15_000);
    expect(await confirmCancellation(db, s.siteId, { reservation: r, token: again.token, now: later })).toMatchObject({
      state: "confirmed",
    });
  });

  it("refuses a confirmation of a booking changed or handed over since, or one that sent no token", async () => {
    const s = await site();
    const r = await book(s, new Date(NOW.getTime() + 2 * DAY), { payMethod: 2 });
    const db = handle.forSite(s.siteId);
    const shown: ConfirmationToken = (await previewCancellation(db, s.siteId, { reservation: r, now: NOW })).token;
    const changedCode = async (token: ConfirmationToken | null) =>
      (await refusal(confirmCancellation(db, s.siteId, { reservation: await reread(s, r.reserveNo), token, now: NOW })))
        .details.reason?.code;
    expect(await changedCode(null)).toBe("cancel_stale_changed");
    // Another member of staff changed the booking meanwhile (its revision moved on).
    await handle.owner
      .update(reservations)
      .set({ revision: 1 })
      .where(and(eq(reservations.siteId, s.siteId), eq(reservations.id, r.id)));
    expect(await changedCode(shown)).toBe("cancel_stale_changed");
    // Or the car left meanwhile.
    await handle.owner
      .update(reservations)
      .set({ revision: 0, departedAt: NOW })
      .where(and(eq(reservations.siteId, s.siteId), eq(reservations.id, r.id)));
    expect(await changedCode(shown)).toBe("cancel_stale_changed");
    expect((await reread(s, r.reserveNo)).status).toBe("confirmed");
  });

  it("refuses a confirmation when what the card holds moved since (a refund given meanwhile)", async () => {
    const s = await site();
    const r = await book(s, new Date(NOW.getTime() + 10 * DAY), {
      payMethod: 1,
      paymentId: "sim_pi_moved",
      paymentStatus: "paid",
    });
    await firstPaymentInLedger(handle.owner, s.siteId, r, "sim_pi_moved");
    const db = handle.forSite(s.siteId);
    const shown = await previewCancellation(db, s.siteId, { reservation: r, now: NOW });
    expect(shown.refund).toBe(30_000);
    // Part of the payment went back meanwhile: the booking reads the same, the card holds less.
    const refund = await writeAttempt(handle.forSite(s.siteId), s.siteId, {
      reservationId: r.id,
      storeId: r.storeId,
      kind: "refund",
      operation: "cancel",
      amount: 5_000,
      key: `test-refund-${r.id}`,
      paymentId: "sim_pi_moved",
    });
    await writeOutcome(handle.forSite(s.siteId), s.siteId, refund, { status: "succeeded", amount: 5_000 });
    const stale = await refusal(confirmCancellation(db, s.siteId, { reservation: r, token: shown.token, now: NOW }));
    expect(stale.details.reason).toEqual({ code: "cancel_stale_fee" });
  });
});
