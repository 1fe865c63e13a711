import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#common/calendar-date";
import { proposedFee } from "#server/counter/cancellation";
import { mailOutbox, reservationPayments, reservations, siteSettings } from "#server/db/schema";
import type { PaymentSimulator } from "#server/payments";
import { quoteReservation } from "#server/reservations/quote";
import { firstPaymentInLedger } from "#tests/fixtures/card-booking";
import { CUSTOMER, partnerHarness, periodAhead } from "./harness";

/**
 * Issue 42: booking, reading, changing and cancelling with a key: idempotency, the channel, the
 * cursor, the change's difference, and the cancellation's fee and ledger refunds.
 */
let h: Awaited<ReturnType<typeof partnerHarness>>;
let key: string;
let carTypeId: number;
beforeAll(async () => {
  h = await partnerHarness();
  key = await h.makeKey(["catalog:read", "reservations:read", "reservations:write"]);
  const found = await (
    await h.call(`/availability?store_id=1&${new URLSearchParams(periodAhead(30))}`, { key })
  ).json();
  carTypeId = found.data.find((d: { available: number }) => d.available > 2).car_type.id;
}, 180_000);
afterAll(() => h.handle.close());

const db = () => h.handle.forSite("sakura");
const booking = (days: number, extra: Record<string, unknown> = {}) => ({
  store_id: 1,
  car_type_id: carTypeId,
  ...periodAhead(days),
  customer: CUSTOMER,
  payment_method: "pay_at_store_cash",
  ...extra,
});
let counter = 0;
const book = (body: Record<string, unknown>, idempotencyKey = `partner-test-${++counter}-${Date.now()}`) =>
  h.call("/reservations", { key, method: "POST", json: body, headers: { "Idempotency-Key": idempotencyKey } });

describe("createReservation", () => {
  it("books with channel api and mails the customer; a retry replays it; another body under the key is refused", async () => {
    const body = booking(30);
    const first = await book(body, "order-0001-abcdef");
    expect(first.status).toBe(201);
    const booked = await first.json();
    expect(booked).toMatchObject({
      status: "confirmed",
      channel: "api",
      revision: 0,
      payment: { method: "pay_at_store_cash" },
    });
    const [row] = await db().select().from(reservations).where(eq(reservations.reserveNo, booked.reservation_number));
    expect(row?.channel).toBe("api");
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.reservationId, row!.id));
    expect(mails.map((m) => m.toAddress)).toContain(CUSTOMER.email);

    const again = await book(body, "order-0001-abcdef");
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(booked);
    const count = await db().select().from(reservations).where(eq(reservations.channel, "api"));
    expect(count.filter((r) => r.reserveNo === booked.reservation_number)).toHaveLength(1);

    const other = await book({ ...body, notes: "another body" }, "order-0001-abcdef");
    expect(other.status).toBe(422);
    expect((await other.json()).type).toMatch(/\/problems\/idempotency-key-reused$/);
  });

  it("needs an Idempotency-Key, and refuses a price that moved", async () => {
    const missing = await h.call("/reservations", { key, method: "POST", json: booking(31) });
    expect(missing.status).toBe(400);
    expect((await missing.json()).type).toMatch(/\/problems\/idempotency-key-required$/);
    const moved = await book(booking(31, { expected_total: 1 }));
    expect(moved.status).toBe(409);
    expect((await moved.json()).type).toMatch(/\/problems\/price-changed$/);
    const invalid = await book(booking(31, { customer: { ...CUSTOMER, email: "not-an-address" } }));
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({ errors: [{ field: "customer.email" }] });
  });

  it("books a card link: confirmed with its payment pending, and the customer's mail carries the link", async () => {
    const response = await book(booking(32, { payment_method: "card_link" }));
    expect(response.status).toBe(201);
    const booked = await response.json();
    expect(booked).toMatchObject({ status: "confirmed", payment: { method: "card_link", status: "pending" } });
    const [row] = await db().select().from(reservations).where(eq(reservations.reserveNo, booked.reservation_number));
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.reservationId, row!.id), eq(mailOutbox.toAddress, CUSTOMER.email)));
    expect(mail?.bodyText).toContain("/sakura/reserve/pay?");
  });
});

describe("reading", () => {
  it("gets one by number and pages through the list with a cursor and filters", async () => {
    const made: string[] = [];
    for (const days of [40, 41, 42]) made.push((await (await book(booking(days))).json()).reservation_number);
    const one = await (await h.call(`/reservations/${made[0]}`, { key })).json();
    expect(one.reservation_number).toBe(made[0]);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: URLSearchParams = new URLSearchParams({ limit: "2", channel: "api", ...(cursor ? { cursor } : {}) });
      const page: { data: { reservation_number: string }[]; next_cursor: string | null; has_more: boolean } = await (
        await h.call(`/reservations?${query}`, { key })
      ).json();
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((r: { reservation_number: string }) => r.reservation_number));
      cursor = page.next_cursor;
      expect(page.has_more).toBe(cursor !== null);
      pages++;
    } while (cursor && pages < 20);
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(seen.length);
    for (const no of made) expect(seen).toContain(no);

    const day = periodAhead(41).pickup_date;
    const window = await (
      await h.call(`/reservations?pickup_from=${day}&pickup_to=${addDays(day, 1)}&status=confirmed`, { key })
    ).json();
    expect(window.data.map((r: { reservation_number: string }) => r.reservation_number)).toEqual([made[1]]);
    const bad = await h.call("/reservations?limit=1000", { key });
    expect(bad.status).toBe(422);
  });
});

describe("changing and cancelling", () => {
  it("a change answers the new price and the difference; an old revision is refused; the same change again is the same", async () => {
    const booked = await (await book(booking(50))).json();
    const longer = { revision: 0, return_date: addDays(booked.period.return_date, 1) };
    const changed = await h.call(`/reservations/${booked.reservation_number}`, { key, method: "PATCH", json: longer });
    expect(changed.status).toBe(200);
    const result = await changed.json();
    const site = await quoteReservation(db(), "sakura", {
      bundle: (await h.services.siteCache.get(db(), "sakura"))!,
      storeId: 1,
      carTypeId,
      search: { sd: booked.period.pickup_date, st: "10:00", ed: longer.return_date, et: "17:00" },
      options: [],
      withImmunity: booked.damage_waiver,
      now: new Date(),
      excludeReservationId: (
        await db().select().from(reservations).where(eq(reservations.reserveNo, booked.reservation_number))
      )[0]!.id,
    });
    expect(result.reservation.price.total).toBe(site!.fees!.total);
    expect(result.previous_total).toBe(booked.price.total);
    expect(result.difference).toBe(site!.fees!.total - booked.price.total);
    expect(result.difference).toBeGreaterThan(0);
    expect(result.reservation.revision).toBe(1);
    expect(result.reservation.period.return_date).toBe(longer.return_date);

    const retried = await (
      await h.call(`/reservations/${booked.reservation_number}`, { key, method: "PATCH", json: longer })
    ).json();
    expect(retried.difference).toBe(result.difference);
    expect(retried.reservation.revision).toBe(1);
    const stale = await h.call(`/reservations/${booked.reservation_number}`, {
      key,
      method: "PATCH",
      json: { revision: 0, return_date: addDays(longer.return_date, 1) },
    });
    expect(stale.status).toBe(409);
    expect((await stale.json()).type).toMatch(/\/problems\/revision-mismatch$/);
    const missing = await h.call("/reservations/261128-ZZZZ", { key, method: "PATCH", json: { revision: 0 } });
    expect((await missing.json()).type).toMatch(/\/problems\/reservation-not-found$/);
  });

  it("a card paid in advance: the change's difference is charged and the cancellation keeps the schedule's fee and refunds the rest through the ledger", async () => {
    const booked = await (await book(booking(35, { payment_method: "pay_at_store_card" }))).json();
    const [row] = await db().select().from(reservations).where(eq(reservations.reserveNo, booked.reservation_number));
    // Paid by card in advance as the site's card step leaves it: the gateway's payment and its ledger rows.
    const payments = h.services.payments as PaymentSimulator;
    const paid = await payments.authorize({
      amount: row!.totalFee,
      idempotencyKey: `booking-sakura-${row!.id}`,
      source: {
        card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", holder: "JANE TRAVELLER" },
      },
    });
    await h.handle.owner
      .update(reservations)
      .set({ payMethod: 1, paymentId: paid.paymentId, paymentStatus: "paid" })
      .where(eq(reservations.id, row!.id));
    await firstPaymentInLedger(h.handle.owner, "sakura", row!, paid.paymentId);
    await h.handle.owner
      .update(siteSettings)
      .set({ cancellationFees: [{ daysBefore: 60, percent: 20 }] })
      .where(eq(siteSettings.siteId, "sakura"));

    // Paying by card counts as a revision of the booking (what it is paid with), so the change names the current one.
    const [paidRow] = await db().select().from(reservations).where(eq(reservations.id, row!.id));
    const changed = await (
      await h.call(`/reservations/${booked.reservation_number}`, {
        key,
        method: "PATCH",
        json: { revision: paidRow!.revision, return_date: addDays(booked.period.return_date, 1) },
      })
    ).json();
    expect(changed.card).toEqual({ charged: changed.difference, refunded: 0, not_moved: 0 });

    const [current] = await db().select().from(reservations).where(eq(reservations.id, row!.id));
    const fee = (await proposedFee(db(), "sakura", current!, new Date())).fee;
    expect(fee).toBe(Math.floor(current!.totalFee * 0.2));
    const cancelled = await h.call(`/reservations/${booked.reservation_number}/cancel`, { key, method: "POST" });
    expect(cancelled.status).toBe(200);
    const outcome = await cancelled.json();
    expect(outcome).toMatchObject({ cancellation_fee: fee, refunded: current!.totalFee - fee, refund_pending: 0 });
    expect(outcome.reservation).toMatchObject({ status: "cancelled", cancellation: { fee } });
    const ledger = await db().select().from(reservationPayments).where(eq(reservationPayments.reservationId, row!.id));
    // One refund per card payment (the booking's and the change's), each an attempt then its outcome.
    const refunds = ledger.filter((e) => e.kind === "refund");
    const sum = (entry: string) => refunds.filter((e) => e.entry === entry).reduce((total, e) => total + e.amount, 0);
    expect(refunds.filter((e) => e.entry === "outcome").every((e) => e.status === "succeeded")).toBe(true);
    expect(refunds.filter((e) => e.entry === "outcome")).toHaveLength(2);
    expect(sum("attempt")).toBe(current!.totalFee - fee);
    expect(sum("outcome")).toBe(current!.totalFee - fee);
    // Cancelling again answers the same cancellation and refunds nothing twice.
    const again = await (
      await h.call(`/reservations/${booked.reservation_number}/cancel`, { key, method: "POST" })
    ).json();
    expect(again.refunded).toBe(outcome.refunded);
    const refunded = payments.log.filter((e) => e.op === "refund").reduce((total, e) => total + (e.amount ?? 0), 0);
    expect(refunded).toBe(current!.totalFee - fee);
    const [closed] = await db().select().from(reservations).where(eq(reservations.id, row!.id));
    const change = await h.call(`/reservations/${booked.reservation_number}`, {
      key,
      method: "PATCH",
      json: { revision: closed!.revision },
    });
    expect(change.status).toBe(409);
    expect((await change.json()).type).toMatch(/\/problems\/reservation-not-modifiable$/);
    await h.handle.owner.update(siteSettings).set({ cancellationFees: [] }).where(eq(siteSettings.siteId, "sakura"));
  });
});
