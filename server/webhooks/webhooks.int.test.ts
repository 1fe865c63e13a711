import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, localDate, localTime, zonedInstant } from "#common/calendar-date";
import { cancelAtCounter } from "#server/counter/cancellation";
import { changeBooking } from "#server/counter/change";
import { ChangeSchema, StaffCancelSchema } from "#server/counter/counter.schema";
import { auditLog, reservations, webhookDeliveries, webhookEvents } from "#server/db/schema";
import { createMailer } from "#server/mail/mailer";
import { PaymentSimulator } from "#server/payments/simulator";
import type { BookingDeps } from "#server/reservations/booking";
import { cancelReservation } from "#server/reservations/cancel";
import { payByLink } from "#server/reservations/pay-link";
import type { ReserveSession } from "#server/reservations/reserve-session";
import { submitReservation } from "#server/reservations/submit";
import { loadSiteBundle, type SiteBundle } from "#server/sites/site-bundle";
import type { Actor } from "#server/staff/permissions";
import { firstPaymentInLedger } from "#tests/fixtures/card-booking";
import { NIGHTS } from "#tests/fixtures/fee-plans";
import { refusal } from "#tests/fixtures/refusal";
import { pricedSession } from "#tests/fixtures/reserve-session";
import { testServices } from "#tests/fixtures/services";
import { makeSite } from "#tests/fixtures/sites";
import { MANAGER, OWNER, parsed, READ_ONLY } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { deliverDueWebhooks, WEBHOOK_LEASE_MS } from "./delivery";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  newEndpointSecret,
  resendDelivery,
  revealWebhookSecret,
  rotateWebhookSecret,
  setWebhookEndpointEnabled,
} from "./endpoints";
import { EVENT_DATA_SCHEMAS } from "./event-payloads";
import { type WebhookEventType, webhookEndpointSchema } from "./webhook.schema";

const TZ = "Asia/Tokyo";
const HOUR = 3_600_000;
const RULES = { allowHttpLoopback: true };

let handle: TestDb;
let payments: PaymentSimulator;
let deps: BookingDeps;
const mailer = createMailer({ MAIL_TRANSPORT: "outbox" });

beforeAll(async () => {
  handle = await createTestDb();
  payments = new PaymentSimulator();
  const services = testServices(handle.forSite(""), { payments });
  deps = { mailer: services.mailer, payments, mails: async () => () => ({ borrower: null, store: null }) };
});
afterAll(() => handle.close());

/** What a receiver got: each request's headers and body, and whether its signature held. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
  event: {
    type: string;
    timestamp: string;
    data: { reservation: { reserve_no: string }; payment?: { amount: number } };
  };
}

/**
 * A receiver on loopback that checks every signature with the endpoint's secret (set once the
 * endpoint exists) and answers the status codes of `answers` in turn, then 200.
 */
async function receiver(answers: number[] = []) {
  const got: Received[] = [];
  let secret = "";
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let verified = false;
      try {
        new Webhook(secret).verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      got.push({ headers: req.headers, body, verified, event: JSON.parse(body) });
      res.statusCode = answers.shift() ?? 200;
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    got,
    setSecret(value: string) {
      secret = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
const receivers: Awaited<ReturnType<typeof receiver>>[] = [];
afterAll(() => Promise.all(receivers.map((r) => r.close())));

/** An endpoint of `siteId` pointing at a new receiver, which verifies with its secret. */
async function endpointFor(siteId: string, eventTypes: string[] = [], answers: number[] = []) {
  const r = await receiver(answers);
  receivers.push(r);
  const input = parsed(webhookEndpointSchema(RULES), { url: r.url, description: "test", event_types: eventTypes });
  const { id, secret } = await createWebhookEndpoint(handle.forSite(siteId), siteId, OWNER, input, RULES);
  r.setSecret(secret);
  return { ...r, id, secret };
}

/** A site whose one store has `cars` cars of one type priced by nights, settling in every way. */
async function siteWith(cars = 3) {
  const site = await makeSite(handle.owner, {
    settings: { siteTitle: "テスト", supportedLanguages: "jp,en", settlementMethods: [1, 2, 3, 4] },
    stores: [{ storeName: "本店", tel: "03-0000-0000", email: "store@example.com" }],
    catalogue: {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "アクア", capacity: 5 }],
      vehicles: [{ store: 0, typeKey: "t", count: cars }],
      feePlans: [{ store: 0, classKey: "c", ...NIGHTS, effectiveFrom: "2020-01-01" }],
    },
  });
  const bundle = (await loadSiteBundle(handle.forSite(site.siteId), site.siteId)) as SiteBundle;
  return {
    siteId: site.siteId,
    bundle,
    storeId: site.storeIds[0] as number,
    typeId: site.catalogue?.typeIds.t as number,
  };
}
type Site = Awaited<ReturnType<typeof siteWith>>;

const NOW = new Date();
const today = localDate(NOW, TZ);

/** A finished reservation session from `from` days ahead at 10:00 to `to` days ahead at 17:00. */
function sessionFor(site: Site, from: number, to: number, extra: Partial<ReserveSession> = {}) {
  const search = { sd: addDays(today, from), st: "10:00", ed: addDays(today, to), et: "17:00" };
  // An international phone number, as integrators receive it in the payload.
  const borrower = { name: "山田 花子", kana: "ヤマダ ハナコ", email: "hanako@example.com", tel: "+819000000000" };
  return pricedSession(handle.forSite(site.siteId), { ...site, carTypeId: site.typeId }, search, NOW, {
    borrower,
    ...extra,
  });
}

const VISA = { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", holder: "HANAKO YAMADA" };

function submit(site: Site, session: ReserveSession, key: string, extra: Record<string, unknown> = {}) {
  // Through the site's scoped connection, as a request runs (decision 022): the outbox obeys row-level security.
  return submitReservation(
    handle.forSite(site.siteId),
    site.siteId,
    { bundle: site.bundle, session, idempotencyKey: key, memberId: null, locale: "ja", now: NOW, ...extra },
    deps,
  );
}

async function reservationOf(siteId: string, reserveNo: string) {
  const [row] = await handle
    .forSite(siteId)
    .select()
    .from(reservations)
    .where(and(eq(reservations.siteId, siteId), eq(reservations.reserveNo, reserveNo)));
  if (!row) throw new Error("no reservation");
  return row;
}

async function eventsOf(siteId: string) {
  return handle
    .forSite(siteId)
    .select()
    .from(webhookEvents)
    .where(eq(webhookEvents.siteId, siteId))
    .orderBy(webhookEvents.id);
}

/** Runs the worker until nothing is due at `now` (each run claims what is due). */
const deliverAt = (now: Date) => deliverDueWebhooks(handle.server, { now, limit: 100, rules: RULES });

describe("delivering events", () => {
  it("signs every attempt; a receiver that fails twice gets the event on the third try, and nothing more", async () => {
    const site = await siteWith();
    const hook = await endpointFor(site.siteId, [], [500, 500]);
    const answer = await submit(site, await sessionFor(site, 3, 4), "k-retry");
    if (answer.outcome !== "completed") throw new Error(JSON.stringify(answer));
    const t0 = new Date();

    expect(await deliverAt(t0)).toEqual({ succeeded: 0, retrying: 1, failed: 0 });
    let [delivery] = await handle
      .forSite(site.siteId)
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.id));
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500, lastError: "http_status" });
    // Not due again before its backoff (5 s).
    expect(await deliverAt(new Date(t0.getTime() + 4000))).toEqual({ succeeded: 0, retrying: 0, failed: 0 });
    expect(await deliverAt(new Date(t0.getTime() + 6000))).toEqual({ succeeded: 0, retrying: 1, failed: 0 });
    // Then 5 minutes.
    const t2 = new Date(t0.getTime() + 6000 + 5 * 60_000 + 1000);
    expect(await deliverAt(t2)).toEqual({ succeeded: 1, retrying: 0, failed: 0 });
    [delivery] = await handle
      .forSite(site.siteId)
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.id));
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 3, lastStatusCode: 200, lastError: null });

    expect(hook.got).toHaveLength(3);
    expect(hook.got.every((g) => g.verified)).toBe(true);
    // The same message on every try: one id, one body (a receiver drops repeats by the id).
    expect(new Set(hook.got.map((g) => g.headers["webhook-id"])).size).toBe(1);
    expect(new Set(hook.got.map((g) => g.body)).size).toBe(1);
    const { event } = hook.got[0] as Received;
    expect(event.type).toBe("reservation.created");
    expect(event.data).toMatchObject({
      reservation: {
        reserve_no: answer.reserveNo,
        status: "confirmed",
        store_id: site.storeId,
        car_type_id: site.typeId,
        currency: "JPY",
        pay_method: 2,
        channel: "web",
        revision: 0,
        borrower: { name: "山田 花子", email: "hanako@example.com", tel: "+819000000000" },
      },
    });
    expect(hook.got[0]?.headers["content-type"]).toBe("application/json");

    // Delivered once: later runs, even days later, send nothing.
    expect(await deliverAt(new Date(t0.getTime() + 48 * HOUR))).toEqual({ succeeded: 0, retrying: 0, failed: 0 });
    expect(hook.got).toHaveLength(3);
  });

  it("gives up after the last attempt; a delivery claimed by a worker is not sent by another before its lease ends", async () => {
    const site = await siteWith();
    const hook = await endpointFor(site.siteId, [], Array(20).fill(503));
    await submit(site, await sessionFor(site, 3, 4), "k-fail");
    let at = Date.now();
    let outcome = { succeeded: 0, retrying: 0, failed: 0 };
    for (let i = 0; i < 8; i++) {
      outcome = await deliverAt(new Date(at));
      at += 11 * HOUR;
    }
    expect(outcome).toEqual({ succeeded: 0, retrying: 0, failed: 1 });
    const [delivery] = await handle
      .forSite(site.siteId)
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.id));
    expect(delivery).toMatchObject({ status: "failed", attempts: 8, lastStatusCode: 503 });
    expect(hook.got).toHaveLength(8);
    // "Send again" puts it back, due now, with its attempts counted afresh.
    await resendDelivery(handle.forSite(site.siteId), site.siteId, OWNER, delivery?.id as number);
    expect(await deliverAt(new Date(Date.now() + 1000))).toEqual({ succeeded: 0, retrying: 1, failed: 0 });
    // Claimed and leased (as if a worker had stopped mid-way): not due again until the lease ends.
    await handle.owner
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() + WEBHOOK_LEASE_MS) })
      .where(eq(webhookDeliveries.id, delivery?.id as number));
    expect(await deliverAt(new Date(Date.now() + 30_000))).toEqual({ succeeded: 0, retrying: 0, failed: 0 });
  });

  it("does not wait for a receiver that never answers (the timeout), nor follow a redirect", async () => {
    const site = await siteWith();
    const hook = await endpointFor(site.siteId, [], [302]);
    await submit(site, await sessionFor(site, 3, 4), "k-redirect");
    const calls: string[] = [];
    const redirected = await deliverDueWebhooks(handle.server, {
      now: new Date(),
      rules: RULES,
      fetch: async (url, init) => {
        calls.push(String(url));
        expect(init?.redirect).toBe("manual");
        return fetch(url, init);
      },
    });
    expect(redirected).toEqual({ succeeded: 0, retrying: 1, failed: 0 });
    expect(calls).toEqual([hook.url]);
    const hanging = await deliverDueWebhooks(handle.server, {
      now: new Date(Date.now() + 10_000),
      rules: RULES,
      timeoutMs: 50,
      fetch: (_url, init) =>
        new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
    });
    expect(hanging).toEqual({ succeeded: 0, retrying: 1, failed: 0 });
    const [delivery] = await handle
      .forSite(site.siteId)
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.id));
    expect(delivery).toMatchObject({ attempts: 2, lastError: "timeout", lastStatusCode: null });
  });
});

describe("recording events where bookings change", () => {
  it("records reservation.created once when the same idempotency key is submitted twice", async () => {
    const site = await siteWith();
    const hook = await endpointFor(site.siteId);
    const session = await sessionFor(site, 5, 6);
    const first = await submit(site, session, "k-twice");
    const again = await submit(site, session, "k-twice");
    expect(again).toEqual(first);
    const events = await eventsOf(site.siteId);
    expect(events.map((e) => e.type)).toEqual(["reservation.created"]);
    await deliverAt(new Date());
    await deliverAt(new Date(Date.now() + 60_000));
    expect(hook.got.map((g) => g.event.type)).toEqual(["reservation.created"]);
  });

  it("each booking says where it was taken: the website web, a program's key api, the counter counter; its cancellation too", async () => {
    const site = await siteWith(5);
    await endpointFor(site.siteId);
    const taken: Record<string, string> = {};
    for (const channel of ["web", "api", "counter"] as const) {
      const answer = await submit(site, await sessionFor(site, 3, 4), `k-ch-${channel}`, { channel });
      if (answer.outcome !== "completed") throw new Error(JSON.stringify(answer));
      taken[answer.reserveNo] = channel;
      expect((await reservationOf(site.siteId, answer.reserveNo)).channel).toBe(channel);
      expect(
        await cancelReservation(handle.forSite(site.siteId), site.siteId, answer.reservationId, { payments }),
      ).toBe("cancelled");
    }
    const events = await eventsOf(site.siteId);
    expect(events.map((e) => e.type).sort()).toEqual([
      ...Array(3).fill("reservation.cancelled"),
      ...Array(3).fill("reservation.created"),
    ]);
    for (const e of events) {
      const r = (e.payload as { reservation: { reserve_no: string; channel: string; revision: number } }).reservation;
      expect(r.channel, `${e.type} ${r.reserve_no}`).toBe(taken[r.reserve_no]);
      // Created at revision 0; the cancellation is the next revision.
      expect(r.revision).toBe(e.type === "reservation.created" ? 0 : 1);
      expect(EVENT_DATA_SCHEMAS[e.type as WebhookEventType].safeParse(e.payload).success).toBe(true);
    }
  });

  it("a card paid in advance: created and payment.succeeded once, when the payment confirms the booking", async () => {
    const site = await siteWith();
    const hook = await endpointFor(site.siteId);
    const session = await sessionFor(site, 5, 6, { payMethod: 1 });
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await submit(site, session, "k-card", { card: { source: { card: VISA } } }));
    expect(answers.every((a) => a.outcome === "completed")).toBe(true);
    const events = await eventsOf(site.siteId);
    expect(events.map((e) => e.type).sort()).toEqual(["payment.succeeded", "reservation.created"]);
    const paid = events.find((e) => e.type === "payment.succeeded");
    expect(paid?.payload).toMatchObject({
      payment: { amount: session.fees?.total, currency: "JPY" },
      reservation: { payment_status: "paid", pay_method: 1 },
    });
    // No card data in any event.
    expect(JSON.stringify(events)).not.toMatch(/4242|cvc|HANAKO YAMADA/);
    await deliverAt(new Date());
    expect(hook.got.every((g) => g.verified)).toBe(true);
    expect(hook.got).toHaveLength(2);
  });

  it("a booking paid through the counter's mailed link: payment.succeeded once, however often the page is sent", async () => {
    const site = await siteWith();
    await endpointFor(site.siteId, ["payment.succeeded"]);
    const answer = await submit(site, await sessionFor(site, 5, 6, { payMethod: 1 }), "k-link", { channel: "counter" });
    if (answer.outcome !== "completed") throw new Error(JSON.stringify(answer));
    const r = await reservationOf(site.siteId, answer.reserveNo);
    expect(r.paymentStatus).toBe("pending");
    const paying = { source: { card: VISA }, attemptKey: "a".repeat(20), returnUrl: "http://127.0.0.1/back" };
    expect(await payByLink(handle.forSite(site.siteId), site.siteId, r, paying, payments)).toEqual({ outcome: "paid" });
    expect(await payByLink(handle.forSite(site.siteId), site.siteId, r, paying, payments)).toEqual({ outcome: "paid" });
    // The endpoint wants payments only: the counter's "created" was not recorded for it.
    expect((await eventsOf(site.siteId)).map((e) => e.type)).toEqual(["payment.succeeded"]);
  });

  it("a change and a cancellation at the counter: changed, the difference charged and refunded, cancelled; each once", async () => {
    const site = await siteWith();
    const hook = await endpointFor(site.siteId);
    const paid = await payments.authorize({
      amount: 9000,
      idempotencyKey: `booking-${site.siteId}-counter`,
      source: { card: VISA },
    });
    const start = zonedInstant(addDays(today, 3), "10:00", TZ);
    const [r] = await handle.owner
      .insert(reservations)
      .values({
        siteId: site.siteId,
        reserveNo: "W-1",
        storeId: site.storeId,
        carTypeId: site.typeId,
        startAt: start,
        endAt: new Date(start.getTime() + 24 * HOUR),
        status: "confirmed",
        rentalFee: 9000,
        totalFee: 9000,
        payMethod: 1,
        paymentId: paid.paymentId,
        paymentStatus: "paid",
        borrower: { name: "김 민준", email: "minjun@example.com", tel: "+821012345678" },
      })
      .returning();
    if (!r) throw new Error("no reservation");
    await firstPaymentInLedger(handle.owner, site.siteId, r, paid.paymentId);
    const stamp = (at: Date) => ({ date: localDate(at, TZ), time: localTime(at, TZ) });
    const end = new Date(start.getTime() + 48 * HOUR);
    const change = {
      ...parsed(ChangeSchema, {
        store_id: String(site.storeId),
        car_type_id: String(site.typeId),
        start_date: stamp(start).date,
        start_time: stamp(start).time,
        end_date: stamp(end).date,
        end_time: stamp(end).time,
        revision: "0",
        shown_total: "13000",
      }),
      options: [],
    };
    const changeDeps = { payments, mailer, mails: () => ({ borrower: null, store: null }) };
    const changed = await changeBooking(
      handle.forSite(site.siteId),
      site.siteId,
      OWNER,
      "W-1",
      change,
      site.bundle,
      changeDeps,
    );
    expect(changed).toMatchObject({ total: 13000, difference: 4000, charged: 4000 });
    // A double click: the same answer, no second event.
    await changeBooking(handle.forSite(site.siteId), site.siteId, OWNER, "W-1", change, site.bundle, changeDeps);
    const cancelDeps = { payments, mailer, mails: () => ({ borrower: null, store: null }) };
    const cancel = parsed(StaffCancelSchema, { fee: "3000" });
    expect(await cancelAtCounter(handle.forSite(site.siteId), site.siteId, OWNER, "W-1", cancel, cancelDeps)).toEqual({
      fee: 3000,
      refund: 10000,
      refundPending: 0,
    });
    await cancelAtCounter(handle.forSite(site.siteId), site.siteId, OWNER, "W-1", cancel, cancelDeps);

    const events = await eventsOf(site.siteId);
    const summary = events
      .map((e) => {
        const data = e.payload as { payment?: { amount: number } };
        return `${e.type}${data.payment ? ` ${data.payment.amount}` : ""}`;
      })
      .sort();
    // The refund of 10,000 is taken from the 4,000 charged by the change first, then 6,000 of the first payment.
    expect(summary).toEqual([
      "payment.refunded 4000",
      "payment.refunded 6000",
      "payment.succeeded 4000",
      "reservation.cancelled",
      "reservation.changed",
    ]);
    const changedEvent = events.find((e) => e.type === "reservation.changed");
    expect(changedEvent?.payload).toMatchObject({
      reservation: { reserve_no: "W-1", total_fee: 13000, revision: 1, channel: "web" },
      previous: { total_fee: 9000, end_at: new Date(start.getTime() + 24 * HOUR).toISOString() },
    });
    expect(events.find((e) => e.type === "reservation.cancelled")?.payload).toMatchObject({
      // The booking's own channel, and one revision on from the change.
      reservation: { status: "cancelled", cancellation_fee: 3000, channel: "web", revision: 2 },
    });
    await deliverAt(new Date());
    expect(hook.got).toHaveLength(5);
    expect(hook.got.every((g) => g.verified)).toBe(true);
  });

  it("cancelReservation: cancelled and the whole payment refunded, once; a lapsed hold announces nothing", async () => {
    const site = await siteWith();
    await endpointFor(site.siteId);
    const answer = await submit(site, await sessionFor(site, 5, 6, { payMethod: 1 }), "k-cancel", {
      card: { source: { card: VISA } },
    });
    if (answer.outcome !== "completed") throw new Error(JSON.stringify(answer));
    expect(await cancelReservation(handle.forSite(site.siteId), site.siteId, answer.reservationId, { payments })).toBe(
      "cancelled",
    );
    expect(await cancelReservation(handle.forSite(site.siteId), site.siteId, answer.reservationId, { payments })).toBe(
      "already_cancelled",
    );
    const types = (await eventsOf(site.siteId)).map((e) => e.type).sort();
    expect(types).toEqual(["payment.refunded", "payment.succeeded", "reservation.cancelled", "reservation.created"]);

    const declined = await submit(site, await sessionFor(site, 8, 9, { payMethod: 1 }), "k-declined", {
      card: { source: { card: { ...VISA, number: "4000000000000002" } } },
    });
    expect(declined.outcome).toBe("refused");
    expect((await eventsOf(site.siteId)).length).toBe(4);
  });
});

describe("who receives what", () => {
  it("an endpoint of one site never receives another site's events; a disabled endpoint receives nothing", async () => {
    const a = await siteWith();
    const b = await siteWith();
    const hookA = await endpointFor(a.siteId);
    const off = await endpointFor(b.siteId);
    await setWebhookEndpointEnabled(handle.forSite(b.siteId), b.siteId, OWNER, off.id, false);
    await submit(b, await sessionFor(b, 3, 4), "k-b");
    expect(await eventsOf(b.siteId)).toEqual([]);
    await deliverAt(new Date());
    expect(hookA.got).toEqual([]);
    expect(off.got).toEqual([]);
    // Another site's endpoint is a 404 here, for every action (each called in turn).
    for (const call of [
      () => getWebhookEndpoint(handle.forSite(b.siteId), b.siteId, OWNER, hookA.id),
      () => setWebhookEndpointEnabled(handle.forSite(b.siteId), b.siteId, OWNER, hookA.id, false),
      () => rotateWebhookSecret(handle.forSite(b.siteId), b.siteId, OWNER, hookA.id),
      () => revealWebhookSecret(handle.forSite(b.siteId), b.siteId, OWNER, hookA.id),
      () => deleteWebhookEndpoint(handle.forSite(b.siteId), b.siteId, OWNER, hookA.id),
      () => listWebhookDeliveries(handle.forSite(b.siteId), b.siteId, OWNER, { endpointId: hookA.id }),
    ]) {
      expect((await refusal(call())).code).toBe("not_found");
    }
    // Once on again, the next booking reaches it.
    await setWebhookEndpointEnabled(handle.forSite(b.siteId), b.siteId, OWNER, off.id, true);
    await submit(b, await sessionFor(b, 5, 6), "k-b2");
    await deliverAt(new Date());
    expect(off.got.map((g) => g.event.type)).toEqual(["reservation.created"]);
    expect(hookA.got).toEqual([]);
  });

  it("disabling fails what waits; send again delivers the same message once more; the log lists it", async () => {
    const site = await siteWith();
    const hook = await endpointFor(site.siteId);
    await submit(site, await sessionFor(site, 3, 4), "k-resend");
    await deliverAt(new Date());
    expect(hook.got).toHaveLength(1);
    const [row] = await listWebhookDeliveries(handle.forSite(site.siteId), site.siteId, OWNER);
    expect(row).toMatchObject({
      status: "succeeded",
      attempts: 1,
      eventType: "reservation.created",
      lastStatusCode: 200,
    });
    await resendDelivery(handle.forSite(site.siteId), site.siteId, OWNER, row?.id as number);
    // A second click before the worker ran queues nothing more.
    await resendDelivery(handle.forSite(site.siteId), site.siteId, OWNER, row?.id as number);
    await deliverAt(new Date(Date.now() + 1000));
    expect(hook.got).toHaveLength(2);
    expect(hook.got[1]?.headers["webhook-id"]).toBe(hook.got[0]?.headers["webhook-id"]);
    expect(hook.got[1]?.verified).toBe(true);
    const audit = await handle.forSite(site.siteId).select().from(auditLog).where(eq(auditLog.siteId, site.siteId));
    expect(audit.filter((a) => a.action === "webhook.resend")).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(hook.secret);

    // A new booking, then the endpoint is turned off before the worker runs: nothing goes out.
    await submit(site, await sessionFor(site, 5, 6), "k-resend-2");
    await setWebhookEndpointEnabled(handle.forSite(site.siteId), site.siteId, OWNER, hook.id, false);
    await deliverAt(new Date(Date.now() + 2000));
    expect(hook.got).toHaveLength(2);
    const [latest] = await listWebhookDeliveries(handle.forSite(site.siteId), site.siteId, OWNER, {
      endpointId: hook.id,
    });
    expect(latest).toMatchObject({ status: "failed", lastError: "endpoint_disabled" });
    // A bad id is a 404, and so is another endpoint's delivery on an endpoint's page.
    expect((await refusal(resendDelivery(handle.forSite(site.siteId), site.siteId, OWNER, 999_999_999))).code).toBe(
      "not_found",
    );
    const other = await endpointFor(site.siteId);
    expect(
      (
        await refusal(
          resendDelivery(handle.forSite(site.siteId), site.siteId, OWNER, row?.id as number, { endpointId: other.id }),
        )
      ).code,
    ).toBe("not_found");
  });

  it("a rotated secret signs the next deliveries; the old one no longer verifies", async () => {
    const site = await siteWith();
    const hook = await endpointFor(site.siteId);
    // Shown without asking only in the minutes after creation.
    expect(await newEndpointSecret(handle.forSite(site.siteId), site.siteId, OWNER, hook.id)).toBe(hook.secret);
    expect(
      await newEndpointSecret(
        handle.forSite(site.siteId),
        site.siteId,
        OWNER,
        hook.id,
        new Date(Date.now() + 11 * 60_000),
      ),
    ).toBe(null);
    const secret = await rotateWebhookSecret(handle.forSite(site.siteId), site.siteId, OWNER, hook.id);
    expect(secret).not.toBe(hook.secret);
    expect(await revealWebhookSecret(handle.forSite(site.siteId), site.siteId, OWNER, hook.id)).toBe(secret);
    await submit(site, await sessionFor(site, 3, 4), "k-rotate");
    await deliverAt(new Date());
    expect(hook.got[0]?.verified).toBe(false);
    expect(() =>
      new Webhook(secret).verify(hook.got[0]?.body ?? "", hook.got[0]?.headers as Record<string, string>),
    ).not.toThrow();
  });

  it("refuses managers and read-only staff everything (403), and an address inside the network", async () => {
    const site = await siteWith();
    const hook = await endpointFor(site.siteId);
    const input = parsed(webhookEndpointSchema(RULES), { url: "https://hooks.example.com/x", event_types: [] });
    for (const actor of [MANAGER, READ_ONLY] as Actor[]) {
      for (const call of [
        () => listWebhookEndpoints(handle.forSite(site.siteId), site.siteId, actor),
        () => getWebhookEndpoint(handle.forSite(site.siteId), site.siteId, actor, hook.id),
        () => createWebhookEndpoint(handle.forSite(site.siteId), site.siteId, actor, input, RULES),
        () => setWebhookEndpointEnabled(handle.forSite(site.siteId), site.siteId, actor, hook.id, false),
        () => rotateWebhookSecret(handle.forSite(site.siteId), site.siteId, actor, hook.id),
        () => revealWebhookSecret(handle.forSite(site.siteId), site.siteId, actor, hook.id),
        () => deleteWebhookEndpoint(handle.forSite(site.siteId), site.siteId, actor, hook.id),
        () => listWebhookDeliveries(handle.forSite(site.siteId), site.siteId, actor),
        () => resendDelivery(handle.forSite(site.siteId), site.siteId, actor, 1),
      ]) {
        const error = await refusal(call());
        expect([error.code, error.status]).toEqual(["forbidden", 403]);
      }
    }
    // Past the form (another caller): http to loopback is refused where the rules do not allow it.
    const loopback = { ...input, url: hook.url };
    const refused = await refusal(
      createWebhookEndpoint(handle.forSite(site.siteId), site.siteId, OWNER, loopback, { allowHttpLoopback: false }),
    );
    expect(refused.code).toBe("invalid_input");
    expect(await listWebhookEndpoints(handle.forSite(site.siteId), site.siteId, OWNER)).toHaveLength(1);
    await deleteWebhookEndpoint(handle.forSite(site.siteId), site.siteId, OWNER, hook.id);
    expect(await listWebhookEndpoints(handle.forSite(site.siteId), site.siteId, OWNER)).toHaveLength(0);
  });
});
