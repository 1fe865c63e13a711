import { Writable } from "node:stream";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingMails } from "#app/presenters/booking-mail.server";
import * as webhookRoute from "#app/routes/payment-webhook";

import { mailOutbox, paymentEvents, reservations } from "#server/db/schema";
import { createApp } from "#server/http/app";
import type { AppServices } from "#server/http/context";
import { PaymentSimulator } from "#server/payments/simulator";
import { signWebhook } from "#server/payments/webhook-signature";
import { submitReservation } from "#server/reservations/submit";
import { CARD_BOOKING_NOW, cardStepSession } from "#tests/fixtures/card-booking";
import { serverBuild } from "#tests/fixtures/server-build";
import { testServices } from "#tests/fixtures/services";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

/**
 * The payment webhook through the whole HTTP stack (Hono: request id, logging, method filter,
 * CSRF; then React Router's request handler and the route module), with the simulator's secret.
 */

const NOW = CARD_BOOKING_NOW;
const SECRET = "whsec_simulator"; // the simulator's default
const PATH = "/_webhooks/payments";
const VISA_3DS = { number: "4000000000003220", expMonth: 12, expYear: 2030, cvc: "123", holder: "HANAKO YAMADA" };

let handle: TestDb;
let payments: PaymentSimulator;
let services: AppServices;
let app: ReturnType<typeof createApp>;
const logLines: string[] = [];

/** A server build holding only the webhook route (under a root), as React Router's build would. */
const webhookBuild = () =>
  serverBuild({
    root: { id: "root", path: "", module: { default: () => null } },
    "payment-webhook": { id: "payment-webhook", parentId: "root", path: "_webhooks/payments", module: webhookRoute },
  } as unknown as ServerBuild["routes"]);

beforeAll(async () => {
  handle = await createTestDb();
  payments = new PaymentSimulator();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  services = testServices(handle.forSite(""), { payments, logger: pino({ level: "info", base: undefined }, sink) });
  app = createApp({ ...services, database: handle.server, build: webhookBuild(), mode: "production" });
});
afterAll(() => handle.close());

/** A site with one car and a store address, and a guest's card booking waiting for 3-D Secure. */
async function heldBooking() {
  const { siteId, bundle, session } = await cardStepSession(handle);
  const answer = await submitReservation(
    handle.forSite(siteId),
    siteId,
    {
      bundle,
      session,
      idempotencyKey: `k-${siteId}`,
      memberId: null,
      locale: "en",
      now: NOW,
      card: { source: { card: VISA_3DS } },
      returnUrl: "/x",
    },
    {
      mailer: services.mailer,
      payments,
      mails: bookingMails({ ...services, db: handle.forSite(siteId) }, "http://localhost"),
    },
  );
  if (answer.outcome !== "requires_action") throw new Error(`expected a 3-D Secure challenge, got ${answer.outcome}`);
  const paymentId = answer.actionUrl.match(/sim_pi_[0-9a-f-]+/)?.[0] as string;
  return { siteId, reservationId: answer.reservationId, reserveNo: answer.reserveNo, paymentId };
}

const eventBody = (id: string, type: string, paymentId: string, metadata: Record<string, string> = {}) =>
  JSON.stringify({
    id,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: paymentId, object: "payment_intent", metadata } },
  });

const post = (body: BodyInit, headers: Record<string, string> = {}, path = PATH) =>
  app.request(path, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body });
const signed = (body: string, secret = SECRET) => post(body, { "Stripe-Signature": signWebhook(body, secret) });

async function reservationOf(siteId: string, id: number) {
  const [row] = await handle
    .forSite(siteId)
    .select()
    .from(reservations)
    .where(and(eq(reservations.siteId, siteId), eq(reservations.id, id)));
  return row;
}
const mailsOf = (siteId: string) =>
  handle.forSite(siteId).select().from(mailOutbox).where(eq(mailOutbox.siteId, siteId));

describe("the payment webhook", () => {
  it("applies an event delivered 5 times once: the hold is confirmed and one confirmation mail is queued", async () => {
    const booking = await heldBooking();
    await payments.resolveChallenge(booking.paymentId, "succeeded");
    expect((await reservationOf(booking.siteId, booking.reservationId))?.status).toBe("held");
    const body = eventBody(`evt_ok_${booking.siteId}`, "payment_intent.succeeded", booking.paymentId, {
      siteId: booking.siteId,
      reservationId: String(booking.reservationId),
    });
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const res = await signed(body);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
      answers.push(await res.json());
    }
    expect(answers).toEqual([
      { received: true, outcome: "applied" },
      ...Array.from({ length: 4 }, () => ({ received: true, outcome: "duplicate" })),
    ]);
    expect(await reservationOf(booking.siteId, booking.reservationId)).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      paymentId: booking.paymentId,
      holdExpiresAt: null,
    });
    const mails = await mailsOf(booking.siteId);
    const confirmations = mails.filter((m) => m.kind === "reservation_confirmed");
    expect(confirmations.length).toBe(1);
    expect(mails.filter((m) => m.kind === "store_notification").length).toBe(1);
    // The real composer, in the booking's language.
    expect(confirmations[0]).toMatchObject({ toAddress: "hanako@example.com", locale: "en" });
    expect(confirmations[0]?.subject).toContain(booking.reserveNo);
    expect(confirmations[0]?.bodyText).toContain("Japan time (JST)");
    expect(confirmations[0]?.bodyText).toContain("Card, paid in advance (paid)");
  });

  it("changes nothing for another event about the same payment, even delivered concurrently", async () => {
    const booking = await heldBooking();
    await payments.resolveChallenge(booking.paymentId, "succeeded");
    const metadata = { siteId: booking.siteId, reservationId: String(booking.reservationId) };
    const bodies = Array.from({ length: 5 }, (_, i) =>
      eventBody(`evt_many_${booking.siteId}_${i % 2}`, "payment_intent.succeeded", booking.paymentId, metadata),
    );
    const responses = await Promise.all(bodies.map((b) => signed(b)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = (await Promise.all(responses.map((r) => r.json()))).map((a) => a.outcome).sort();
    expect(outcomes).toEqual(["applied", "applied", "duplicate", "duplicate", "duplicate"]);
    expect((await reservationOf(booking.siteId, booking.reservationId))?.status).toBe("confirmed");
    expect((await mailsOf(booking.siteId)).filter((m) => m.kind === "reservation_confirmed").length).toBe(1);
  });

  it("releases the hold on a failed payment", async () => {
    const booking = await heldBooking();
    await payments.resolveChallenge(booking.paymentId, "failed");
    const res = await signed(
      eventBody(`evt_fail_${booking.siteId}`, "payment_intent.payment_failed", booking.paymentId),
    );
    expect(await res.json()).toEqual({ received: true, outcome: "applied" });
    expect(await reservationOf(booking.siteId, booking.reservationId)).toMatchObject({
      status: "expired",
      paymentStatus: "failed",
    });
    expect((await mailsOf(booking.siteId)).length).toBe(0);
  });

  it("acknowledges events it has no use for", async () => {
    const other = await signed(eventBody("evt_other_type", "charge.refunded", "ch_1"));
    expect(await other.json()).toEqual({ received: true, outcome: "ignored" });
    const unknown = await signed(eventBody("evt_unknown_payment", "payment_intent.succeeded", "sim_pi_unknown"));
    expect(await unknown.json()).toEqual({ received: true, outcome: "ignored" });
  });

  it("refuses a bad or missing signature with 400 and changes nothing", async () => {
    const booking = await heldBooking();
    await payments.resolveChallenge(booking.paymentId, "succeeded");
    const body = eventBody(`evt_bad_${booking.siteId}`, "payment_intent.succeeded", booking.paymentId, {
      siteId: booking.siteId,
      reservationId: String(booking.reservationId),
    });
    const tampered = body.replace("payment_intent.succeeded", "payment_intent.canceled");
    const old = signWebhook(body, SECRET, Math.floor(Date.now() / 1000) - 3600);
    const cases: [string, Response][] = [
      ["wrong secret", await signed(body, "whsec_other")],
      ["no signature", await post(body)],
      ["tampered body", await post(tampered, { "Stripe-Signature": signWebhook(body, SECRET) })],
      ["too old", await post(body, { "Stripe-Signature": old })],
      ["garbage header", await post(body, { "Stripe-Signature": "t=abc,v1=%%%" })],
    ];
    for (const [name, res] of cases) {
      expect(res.status, name).toBe(400);
      expect(await res.json(), name).toEqual({ error: "invalid_signature" });
    }
    expect((await reservationOf(booking.siteId, booking.reservationId))?.status).toBe("held");
    // Payment events name no site: the app role reads them with none set.
    const recorded = await handle
      .forSite("")
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, `evt_bad_${booking.siteId}`));
    expect(recorded).toEqual([]);
  });

  it("answers garbage with 4xx, never 500", async () => {
    const cases: [string, Response][] = [
      ["signed non-JSON", await signed("not json at all")],
      ["signed JSON that is no event", await signed(JSON.stringify({ hello: "world" }))],
      ["signed JSON array", await signed("[1,2,3]")],
      ["signed empty body", await signed("")],
      [
        "unsigned binary",
        await post(new Uint8Array([0, 255, 254, 1, 2]), { "Content-Type": "application/octet-stream" }),
      ],
      ["form post", await post("a=1&b=2", { "Content-Type": "application/x-www-form-urlencoded" })],
      ["multipart", await post(new FormData(), {})],
    ];
    for (const [name, res] of cases) {
      expect(res.status, name).toBe(400);
    }
  });

  it("refuses a body larger than 256 KB with 413, declared or streamed", async () => {
    const big = eventBody("evt_big", "payment_intent.succeeded", "sim_pi_x", { pad: "x".repeat(256 * 1024) });
    const declared = await signed(big);
    expect(declared.status).toBe(413);
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 16 * 1024) controller.enqueue(bytes.subarray(i, i + 16 * 1024));
        controller.close();
      },
    });
    const streamed = await app.request(PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signWebhook(big, SECRET) },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    // Just under the limit is read (and here refused only for its signature).
    const fits = JSON.stringify({ pad: "x".repeat(256 * 1024 - 100) });
    expect((await post(fits, { "Stripe-Signature": "t=1,v1=0" })).status).toBe(400);
  });

  it("takes POST only", async () => {
    const get = await app.request(PATH);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toContain("POST");
    expect((await app.request(PATH, { method: "HEAD" })).status).toBe(405);
    expect((await app.request(PATH, { method: "PUT", body: "{}" })).status).toBe(405);
  });

  it("is exempt from the CSRF check at its exact path only", async () => {
    const body = eventBody("evt_csrf", "charge.refunded", "ch_1");
    const headers = { "Stripe-Signature": signWebhook(body, SECRET), "Sec-Fetch-Site": "cross-site" };
    expect((await post(body, headers)).status).toBe(200);
    expect((await post(body, headers, `${PATH}/x`)).status).toBe(403);
    expect((await post(body, headers, `/sakura${PATH}`)).status).toBe(403);
  });

  it("logs event ids and types, never the booking's personal data", () => {
    const log = logLines.join("");
    expect(log).toContain('"eventType":"payment_intent.succeeded"');
    expect(log).toMatch(/"eventId":"evt_ok_test-\d+"/);
    for (const personal of ["hanako@example.com", "山田", "090-0000-0000", "store@example.com"]) {
      expect(log).not.toContain(personal);
    }
  });
});
