import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reservations } from "#server/db/schema";
import { createMailer } from "#server/mail/mailer";
import { PaymentSimulator } from "#server/payments";
import { firstPaymentAttempt, payLinkKey } from "#server/reservations/first-payment";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { ledgerOf } from "./ledger";
import { type OperationMails, reconcileSite } from "./reconcile";

/**
 * Reconciliation of a first payment (issue 37): the customer paid through the mailed card link and
 * the process died before the outcome was written. The card's details are gone, so the payment is
 * found by its ledger key on the gateway; one that never reached it is closed as not sent once it
 * is old enough, and left alone while a request may still be sending it. Runs as the app role.
 */

let handle: TestDb;
const MIN = 60_000;
const CARD = { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", holder: "TARO KADO" };
const noMails = async (): Promise<OperationMails> => {
  throw new Error("a pay link sends no mail here");
};

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

/** A phone booking waiting for its card through the mailed link, with the link's attempt written. */
async function awaitingLink(tag: string) {
  const site = await makeSite(handle.owner, {
    catalogue: {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "アクア", capacity: 5 }],
      vehicles: [{ store: 0, typeKey: "t", count: 1 }],
    },
  });
  const start = new Date(Date.now() + 10 * 24 * 60 * MIN);
  const [r] = await handle.owner
    .insert(reservations)
    .values({
      siteId: site.siteId,
      reserveNo: `PL-${tag}`,
      storeId: site.storeIds[0] as number,
      carTypeId: site.catalogue?.typeIds.t as number,
      startAt: start,
      endAt: new Date(start.getTime() + 24 * 60 * MIN),
      status: "confirmed",
      rentalFee: 7000,
      totalFee: 7000,
      payMethod: 1,
      paymentStatus: "pending",
      channel: "counter",
      locale: "ja",
      borrower: { name: "門 太郎", email: "taro@example.com", tel: "09012345678" },
    })
    .returning();
  if (!r) throw new Error("no reservation");
  const db = handle.forSite(site.siteId);
  const key = payLinkKey(site.siteId, r.id, "page-1");
  const attempt = await firstPaymentAttempt(db, site.siteId, r, key, "pay_link");
  return { siteId: site.siteId, r, db, key, attempt };
}

const statusOf = async (b: Awaited<ReturnType<typeof awaitingLink>>) => {
  const [row] = await b.db
    .select({ paymentStatus: reservations.paymentStatus, paymentId: reservations.paymentId })
    .from(reservations)
    .where(and(eq(reservations.siteId, b.siteId), eq(reservations.id, b.r.id)));
  return row;
};

describe("reconciling a first payment cut short", () => {
  it("the gateway made it: the outcome is written from the gateway's record, and the booking is paid", async () => {
    const gateway = new PaymentSimulator();
    const b = await awaitingLink("made");
    // The gateway took the payment; the answer was lost with the process.
    const made = await gateway.authorize({ amount: 7000, idempotencyKey: b.key, source: { card: CARD } });
    const deps = { payments: gateway, mailer: createMailer({ MAIL_TRANSPORT: "outbox" }), mails: noMails };
    const later = new Date(Date.now() + 2 * MIN);
    expect(await reconcileSite(b.db, b.siteId, deps, later)).toMatchObject({ settled: 1, open: 0 });
    const [item] = await ledgerOf(b.db, b.siteId, b.r.id);
    expect(item?.outcome).toMatchObject({ status: "succeeded", amount: 7000, paymentId: made.paymentId });
    expect(await statusOf(b)).toEqual({ paymentStatus: "paid", paymentId: made.paymentId });
    // A second run finds nothing open and charges nothing.
    expect(await reconcileSite(b.db, b.siteId, deps, later)).toMatchObject({ settled: 0, open: 0 });
    expect(gateway.charges()).toHaveLength(1);
  });

  it("the gateway never heard of it: left open while young, then closed as not sent; the booking still waits for its card", async () => {
    const gateway = new PaymentSimulator();
    const b = await awaitingLink("lost");
    const deps = { payments: gateway, mailer: createMailer({ MAIL_TRANSPORT: "outbox" }), mails: noMails };
    expect(await reconcileSite(b.db, b.siteId, deps, new Date(Date.now() + 2 * MIN))).toMatchObject({
      settled: 0,
      open: 1,
    });
    expect(await reconcileSite(b.db, b.siteId, deps, new Date(Date.now() + 16 * MIN))).toMatchObject({
      settled: 1,
      open: 0,
    });
    const [item] = await ledgerOf(b.db, b.siteId, b.r.id);
    expect(item?.outcome).toMatchObject({ status: "failed", amount: 0, reason: "not_sent" });
    expect(await statusOf(b)).toEqual({ paymentStatus: "pending", paymentId: null });
    expect(gateway.charges()).toHaveLength(0);
  });
});
