import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, zonedInstant } from "#common/calendar-date";
import { driverImages, drivers, idempotencyKeys, mailOutbox, reservations, vehicles } from "#server/db/schema";
import { PaymentSimulator } from "#server/payments/simulator";
import { loadSiteBundle, type SiteBundle } from "#server/sites/site-bundle";
import { NIGHTS } from "#tests/fixtures/fee-plans";
import { pricedSession } from "#tests/fixtures/reserve-session";
import { testServices } from "#tests/fixtures/services";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb, usingPostgres } from "#tests/setup/test-db";
import {
  type BookingDeps,
  type BookingMailComposer,
  isFullyBooked,
  type Reservation,
  type SubmitAnswer,
} from "./booking";
import { reserveNoRandom } from "./booking-writer";
import { cancelReservation } from "./cancel";
import { completeCardAction, releaseHold } from "./card-settlement";
import { applyPaymentEvent, paymentEventTarget } from "./payment-events";
import type { ReserveSession } from "./reserve-session";
import { submitReservation } from "./submit";

/** Values the reservation number's letters take next, then real random ones again. */
const forcedRandom: number[] = [];
const realRandom = reserveNoRandom.int;
reserveNoRandom.int = (max) => forcedRandom.shift() ?? realRandom(max);
afterAll(() => {
  reserveNoRandom.int = realRandom;
});

const TZ = "Asia/Tokyo";
const NOW = zonedInstant("2026-12-01", "09:00", TZ);
const day = (offset: number) => addDays("2026-12-01", offset);

let handle: TestDb;
let payments: PaymentSimulator;
let deps: BookingDeps;

beforeAll(async () => {
  handle = await createTestDb();
  payments = new PaymentSimulator();
  const services = testServices(handle.forSite(""), { payments });
  deps = {
    mailer: services.mailer,
    payments,
    // Reads the database as the real composer does on a stale site cache: called inside a
    // transaction, this would wait forever on PGlite's one connection.
    mails: async (siteId) => {
      await loadSiteBundle(handle.forSite(siteId), siteId);
      return composeTestMails;
    },
  };
});
afterAll(() => handle.close());

const composeTestMails: BookingMailComposer = (r) => ({
  borrower: r.borrower?.email
    ? { to: r.borrower.email, subject: `Booked ${r.reserveNo}`, text: `Total ${r.totalFee}` }
    : null,
  store: { to: "store@example.com", subject: `New booking ${r.reserveNo}`, text: "…" },
});

/** A site whose one store has `cars` vehicles of one type, a nightly plan and one per-day option. */
async function siteWith(cars: number, settings: Record<string, unknown> = {}) {
  const site = await makeSite(handle.owner, {
    settings: { siteTitle: "テスト", supportedLanguages: "jp,en", settlementMethods: [1, 2, 3, 4], ...settings },
    stores: [{ storeName: "本店", tel: "03-0000-0000", email: "store@example.com" }],
    catalogue: {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "アクア", capacity: 5 }],
      vehicles: [{ store: 0, typeKey: "t", count: cars }],
      feePlans: [{ store: 0, classKey: "c", ...NIGHTS }],
      immunityFees: [{ classKey: "c", pricePerDay: 1100 }],
      options: [{ optionName: "チャイルドシート", price: 550, priceUnit: 2, maxQuantity: 2 }],
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

/** A complete reservation session as the steps leave it, with the fees the visitor was shown. */
function sessionFor(
  site: Site,
  from: [number, string],
  to: [number, string],
  extra: Partial<ReserveSession> = {},
): Promise<ReserveSession> {
  const search = { sd: day(from[0]), st: from[1], ed: day(to[0]), et: to[1] };
  return pricedSession(handle.forSite(site.siteId), { ...site, carTypeId: site.typeId }, search, NOW, extra);
}

const submit = (
  site: Site,
  session: ReserveSession,
  key: string,
  extra: Partial<Parameters<typeof submitReservation>[2]> = {},
) =>
  submitReservation(
    handle.forSite(site.siteId),
    site.siteId,
    { bundle: site.bundle, session, idempotencyKey: key, memberId: null, locale: "ja", now: NOW, ...extra },
    deps,
  );

async function rowsOf(siteId: string) {
  return handle.forSite(siteId).select().from(reservations).where(eq(reservations.siteId, siteId));
}
async function mailsOf(siteId: string) {
  return handle.forSite(siteId).select().from(mailOutbox).where(eq(mailOutbox.siteId, siteId));
}
const VISA = { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", holder: "HANAKO YAMADA" };

describe("submitting a reservation", () => {
  it("books a cash reservation at the server's price, with the borrower's and the store's mails", async () => {
    const site = await siteWith(1);
    const session = await sessionFor(site, [3, "11:00"], [5, "17:00"], {
      options: [{ optionId: site.bundle.catalogue.options[0]?.id as number, quantity: 1 }],
    });
    const fees = await sessionFor(site, [3, "11:00"], [5, "17:00"], { options: session.options });
    const answer = await submit(site, { ...session, fees: fees.fees }, "k-cash");
    expect(answer.outcome).toBe("completed");
    const [row] = await rowsOf(site.siteId);
    expect(row).toMatchObject({ status: "confirmed", payMethod: 2, totalFee: fees.fees?.total, optionFee: 550 * 3 });
    expect(row?.reserveNo).toMatch(/^\d{6}-[2-9A-Z]{4}$/);
    const kinds = (await mailsOf(site.siteId)).map((m) => m.kind).sort();
    expect(kinds).toEqual(["reservation_confirmed", "store_notification"]);
  });

  it("answers a repeated key with the first answer: one reservation, one mail, the same body", async () => {
    const site = await siteWith(3);
    const session = await sessionFor(site, [3, "11:00"], [4, "17:00"]);
    const first = await Promise.all(Array.from({ length: 20 }, () => submit(site, session, "k-same")));
    const later: SubmitAnswer[] = [];
    for (let i = 0; i < 5; i++) later.push(await submit(site, session, "k-same"));
    const bodies = new Set([...first, ...later].map((a) => JSON.stringify(a)));
    expect(bodies.size).toBe(1);
    expect((await rowsOf(site.siteId)).length).toBe(1);
    expect((await mailsOf(site.siteId)).filter((m) => m.kind === "reservation_confirmed").length).toBe(1);
  });

  it("refuses the same key with another payload", async () => {
    const site = await siteWith(3);
    const session = await sessionFor(site, [3, "11:00"], [4, "17:00"]);
    await submit(site, session, "k-reuse");
    const other = await submit(site, { ...session, remarks: "another booking" }, "k-reuse");
    expect(other).toEqual({ outcome: "refused", reason: { code: "idempotency_key_reused" } });
    expect((await rowsOf(site.siteId)).length).toBe(1);
  });

  it("lets only as many overlapping bookings through as the store has cars, whatever the concurrency", async () => {
    const site = await siteWith(1);
    const racers = usingPostgres ? 50 : 10;
    const sessions = await Promise.all(
      Array.from({ length: racers }, (_, i) => sessionFor(site, [3, `1${i % 6}:00`], [5, "17:00"])),
    );
    const answers = await Promise.all(sessions.map((s, i) => submit(site, s, `k-race-${i}`)));
    expect(answers.filter((a) => a.outcome === "completed").length).toBe(1);
    expect(answers.filter((a) => a.outcome === "refused" && a.reason.code === "type_fully_booked").length).toBe(
      racers - 1,
    );
    expect((await rowsOf(site.siteId)).length).toBe(1);
  });

  it("books two periods that touch end to start on one car", async () => {
    const site = await siteWith(1);
    const a = await submit(site, await sessionFor(site, [3, "11:00"], [4, "13:00"]), "k-a");
    const b = await submit(site, await sessionFor(site, [4, "13:00"], [5, "17:00"]), "k-b");
    expect([a.outcome, b.outcome]).toEqual(["completed", "completed"]);
  });

  it("refuses when the price changed since it was shown, and when bookings are suspended", async () => {
    const site = await siteWith(1);
    const session = await sessionFor(site, [3, "11:00"], [4, "17:00"]);
    const stale = { ...session, fees: { ...(session.fees as NonNullable<ReserveSession["fees"]>), total: 1 } };
    expect(await submit(site, stale, "k-stale")).toEqual({ outcome: "refused", reason: { code: "details_updated" } });
    const suspended = { ...site.bundle, settings: { ...site.bundle.settings, webReserveAccepting: false } };
    expect(await submit({ ...site, bundle: suspended }, session, "k-susp")).toMatchObject({
      outcome: "refused",
      reason: { code: "web_reserve_suspended" },
    });
    expect((await rowsOf(site.siteId)).length).toBe(0);
  });

  it("refuses advance card payment for a departure 50 days or more ahead, not 49", async () => {
    const site = await siteWith(2, { maxAdvanceDays: 365 });
    const far = await sessionFor(site, [50, "11:00"], [51, "17:00"], { payMethod: 1 });
    expect(await submit(site, far, "k-far", { card: { source: { card: VISA } } })).toMatchObject({
      reason: { code: "advance_card_too_early", params: { days: 50 } },
    });
    const near = await sessionFor(site, [49, "11:00"], [50, "17:00"], { payMethod: 1 });
    expect((await submit(site, near, "k-near", { card: { source: { card: VISA } } })).outcome).toBe("completed");
  });

  it("refuses a rental over the site's long-rental days until it is confirmed, at the web's submit only", async () => {
    const site = await siteWith(2, { longRentalDays: 3 });
    const long = await sessionFor(site, [3, "11:00"], [7, "17:00"]);
    expect(await submit(site, long, "k-long")).toEqual({
      outcome: "refused",
      reason: { code: "long_rental_unconfirmed", params: { days: 3 } },
    });
    expect((await rowsOf(site.siteId)).length).toBe(0);
    const shortOne = await sessionFor(site, [3, "11:00"], [5, "17:00"]);
    expect((await submit(site, shortOne, "k-short")).outcome).toBe("completed");
    const confirmed = { ...long, longRentalConfirmed: true };
    expect((await submit(site, confirmed, "k-long-ok")).outcome).toBe("completed");
    // Staff taking the booking at the counter are not asked.
    const counter = await sessionFor(site, [10, "11:00"], [15, "17:00"], { payMethod: 2 });
    expect((await submit(site, counter, "k-counter", { channel: "counter" })).outcome).toBe("completed");
  });
});

describe("card payments", () => {
  it("charges once, confirms, and a retry does not charge again", async () => {
    const site = await siteWith(1);
    const session = await sessionFor(site, [3, "11:00"], [4, "17:00"], { payMethod: 1 });
    const before = payments.charges().length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => submit(site, session, "k-card", { card: { source: { card: VISA } } })),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]?.outcome).toBe("completed");
    expect(payments.charges().length - before).toBe(1);
    const [row] = await rowsOf(site.siteId);
    expect(row).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
  });

  it("releases the car when the card is declined, and a new attempt succeeds", async () => {
    const site = await siteWith(1);
    const session = await sessionFor(site, [3, "11:00"], [4, "17:00"], { payMethod: 1 });
    const declined = await submit(site, session, "k-dec-1", {
      card: { source: { card: { ...VISA, number: "4000000000000002" } } },
    });
    expect(declined).toEqual({ outcome: "refused", reason: { code: "card_failed" } });
    expect((await rowsOf(site.siteId)).map((r) => r.status)).toEqual(["expired"]);
    const ok = await submit(site, session, "k-dec-2", { card: { source: { card: VISA } } });
    expect(ok.outcome).toBe("completed");
  });

  it("refuses JCB", async () => {
    const site = await siteWith(1);
    const session = await sessionFor(site, [3, "11:00"], [4, "17:00"], { payMethod: 1 });
    const jcb = await submit(site, session, "k-jcb", {
      card: { source: { card: { ...VISA, number: "3530111333300000" } } },
    });
    expect(jcb).toEqual({ outcome: "refused", reason: { code: "jcb_not_accepted" } });
  });

  it("holds the car through 3-D Secure, then confirms from the gateway's word; a failed challenge frees it", async () => {
    const site = await siteWith(1);
    const session = await sessionFor(site, [3, "11:00"], [4, "17:00"], { payMethod: 1 });
    const challenge = { ...VISA, number: "4000000000003220" };
    const first = await submit(site, session, "k-3ds", { card: { source: { card: challenge } }, returnUrl: "/x" });
    expect(first.outcome).toBe("requires_action");
    if (first.outcome !== "requires_action") return;
    // While the challenge is open the car is held.
    expect((await submit(site, session, "k-3ds-other")).outcome).toBe("refused");
    const paymentId = first.actionUrl.match(/sim_pi_[0-9a-f-]+/)?.[0] as string;
    await payments.resolveChallenge(paymentId, "succeeded");
    expect(
      (await completeCardAction(handle.forSite(site.siteId), site.siteId, first.reservationId, deps))?.outcome,
    ).toBe("completed");
    expect(
      (await submit(site, session, "k-3ds", { card: { source: { card: challenge } }, returnUrl: "/x" })).outcome,
    ).toBe("completed");

    const failing = await siteWith(1);
    const s2 = await sessionFor(failing, [3, "11:00"], [4, "17:00"], { payMethod: 1 });
    const held = await submit(failing, s2, "k-3ds-f", { card: { source: { card: challenge } }, returnUrl: "/x" });
    if (held.outcome !== "requires_action") throw new Error("expected a challenge");
    await payments.resolveChallenge(held.actionUrl.match(/sim_pi_[0-9a-f-]+/)?.[0] as string, "failed");
    expect(
      (await completeCardAction(handle.forSite(failing.siteId), failing.siteId, held.reservationId, deps))?.outcome,
    ).toBe("refused");
    expect((await submit(failing, { ...s2, payMethod: 2 }, "k-after")).outcome).toBe("completed");
  });

  it("refunds a challenge completed after its hold was released for a new attempt", async () => {
    const site = await siteWith(1);
    const session = await sessionFor(site, [3, "11:00"], [4, "17:00"], { payMethod: 1 });
    const held = await submit(site, session, "k-abandon", {
      card: { source: { card: { ...VISA, number: "4000000000003220" } } },
      returnUrl: "/x",
    });
    if (held.outcome !== "requires_action") throw new Error("expected a challenge");
    await releaseHold(handle.forSite(site.siteId), site.siteId, held.reservationId, null);
    const paymentId = held.actionUrl.match(/sim_pi_[0-9a-f-]+/)?.[0] as string;
    await payments.resolveChallenge(paymentId, "succeeded");
    expect(await completeCardAction(handle.forSite(site.siteId), site.siteId, held.reservationId, deps)).toEqual({
      outcome: "refused",
      reason: { code: "card_failed" },
    });
    const [row] = await rowsOf(site.siteId);
    expect(row).toMatchObject({ status: "expired", paymentStatus: "refunded", paymentId });
    expect(
      payments.log.some((e) => e.op === "refund" && e.idempotencyKey === `refund-${site.siteId}-${held.reservationId}`),
    ).toBe(true);
  });

  it("does not count a hold whose time ran out", async () => {
    const site = await siteWith(1);
    const session = await sessionFor(site, [3, "11:00"], [4, "17:00"]);
    await handle.owner.insert(reservations).values({
      siteId: site.siteId,
      reserveNo: "LAPSED",
      storeId: site.storeId,
      carTypeId: site.typeId,
      startAt: new Date(session.startAt),
      endAt: new Date(session.endAt),
      status: "held",
      holdExpiresAt: new Date(Date.now() - 60_000),
    });
    expect((await submit(site, session, "k-lapsed")).outcome).toBe("completed");
  });

  it("applies a webhook event once however often it is delivered", async () => {
    const site = await siteWith(1);
    const session = await sessionFor(site, [3, "11:00"], [4, "17:00"], { payMethod: 1 });
    const held = await submit(site, session, "k-hook", {
      card: { source: { card: { ...VISA, number: "4000000000003220" } } },
      returnUrl: "/x",
    });
    if (held.outcome !== "requires_action") throw new Error("expected a challenge");
    const paymentId = held.actionUrl.match(/sim_pi_[0-9a-f-]+/)?.[0] as string;
    await payments.resolveChallenge(paymentId, "succeeded");
    const event = {
      id: `evt_${site.siteId}`,
      type: "payment_intent.succeeded",
      objectId: paymentId,
      created: 0,
      data: { object: { id: paymentId, metadata: { siteId: site.siteId, reservationId: String(held.reservationId) } } },
    };
    const outcomes = [];
    for (let i = 0; i < 5; i++)
      outcomes.push(
        await applyPaymentEvent(
          handle.forSite(site.siteId),
          event,
          // Found across sites, as the webhook finds it.
          await paymentEventTarget(handle.owner, event),
          deps,
        ),
      );
    expect(outcomes).toEqual(["applied", "duplicate", "duplicate", "duplicate", "duplicate"]);
    const [row] = await rowsOf(site.siteId);
    expect(row?.status).toBe("confirmed");
    expect((await mailsOf(site.siteId)).filter((m) => m.kind === "reservation_confirmed").length).toBe(1);
    const [key] = await handle
      .forSite(site.siteId)
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.siteId, site.siteId), eq(idempotencyKeys.key, "k-hook")));
    expect(key?.reservationId).toBe(held.reservationId);
  });
});

/** A driver entered in this booking, with a licence photo. */
const newDriver: ReserveSession["driver"] = {
  mode: "new",
  person: { name: "運転 次郎", kana: "ウンテン ジロウ", tel: "090-1111-1111" },
  licenseTypes: ["普通"],
  licenseAcquisitionDate: "2010-04-01",
  licenseExpirationDate: "2030-04-01",
  images: [{ key: "licence/front", contentType: "image/jpeg", size: 1000 }],
};

describe("writing the reservation", () => {
  it("stores the trigger's refusal under the key and keeps no driver entered for it", async () => {
    const site = await siteWith(1);
    const session = await sessionFor(site, [3, "11:00"], [4, "17:00"], { driver: newDriver });
    // The car leaves service behind the (cached) catalogue: the quote still sees it, the trigger does not.
    await handle.owner.update(vehicles).set({ inService: false }).where(eq(vehicles.siteId, site.siteId));
    const refusal = { outcome: "refused", reason: { code: "type_fully_booked" } };
    expect(await submit(site, session, "k-trigger")).toEqual(refusal);
    expect(await rowsOf(site.siteId)).toEqual([]);
    expect(await handle.forSite(site.siteId).select().from(drivers).where(eq(drivers.siteId, site.siteId))).toEqual([]);
    expect(
      await handle.forSite(site.siteId).select().from(driverImages).where(eq(driverImages.siteId, site.siteId)),
    ).toEqual([]);
    expect(await mailsOf(site.siteId)).toEqual([]);
    const [key] = await handle
      .forSite(site.siteId)
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.siteId, site.siteId), eq(idempotencyKeys.key, "k-trigger")));
    expect(key?.response).toEqual(refusal);
    expect(await submit(site, session, "k-trigger")).toEqual(refusal);
  });

  it("draws another reservation number when the first is taken on the site", async () => {
    const site = await siteWith(2);
    const session = await sessionFor(site, [3, "11:00"], [4, "17:00"]);
    await handle.owner.insert(reservations).values({
      siteId: site.siteId,
      reserveNo: "261201-2222",
      storeId: site.storeId,
      carTypeId: site.typeId,
      startAt: new Date(session.startAt),
      endAt: new Date(session.endAt),
    });
    forcedRandom.push(0, 0, 0, 0, 1, 1, 1, 1); // "2222" (taken), then "3333"
    const answer = await submit(site, session, "k-number");
    expect(forcedRandom).toEqual([]);
    expect(answer).toMatchObject({ outcome: "completed", reserveNo: "261201-3333" });
    expect((await rowsOf(site.siteId)).map((r) => r.reserveNo).sort()).toEqual(["261201-2222", "261201-3333"]);
    const mails = await mailsOf(site.siteId);
    expect(mails.map((m) => m.kind).sort()).toEqual(["reservation_confirmed", "store_notification"]);
    // Composed again for the second number: nothing of the rolled-back attempt is kept.
    expect(mails.map((m) => m.subject).sort()).toEqual(["Booked 261201-3333", "New booking 261201-3333"]);
  });

  it("composes the mails from the row as it is then written, a driver entered now included", async () => {
    const site = await siteWith(1);
    const session = await sessionFor(site, [3, "11:00"], [4, "17:00"], { driver: newDriver });
    const composed: Reservation[] = [];
    const capture: BookingDeps = {
      ...deps,
      mails: async () => (r) => {
        composed.push(r);
        return composeTestMails(r);
      },
    };
    const answer = await submitReservation(
      handle.forSite(site.siteId),
      site.siteId,
      { bundle: site.bundle, session, idempotencyKey: "k-composed", memberId: null, locale: "ja", now: NOW },
      capture,
    );
    expect(answer).toMatchObject({ outcome: "completed" });
    const [row] = await rowsOf(site.siteId);
    const [driver] = await handle.forSite(site.siteId).select().from(drivers).where(eq(drivers.siteId, site.siteId));
    expect(driver).toMatchObject({ name: "運転 次郎", licenseTypes: ["普通"] });
    expect(
      await handle.forSite(site.siteId).select().from(driverImages).where(eq(driverImages.siteId, site.siteId)),
    ).toMatchObject([{ driverId: driver?.id, slot: 1, blobKey: "licence/front" }]);
    // Every column the mails could read is the stored one; the trigger's blocked_until is not known before.
    expect(composed).toHaveLength(1);
    expect({ ...composed[0], blockedUntil: null }).toEqual({ ...row, blockedUntil: null });
    expect(row).toMatchObject({ id: (answer as { reservationId: number }).reservationId, driverId: driver?.id });
  });
});

describe("the capacity trigger", () => {
  it("refuses a row that would need one car more than the store has, whoever writes it", async () => {
    const site = await siteWith(1);
    const row = (no: string, from: string, to: string) => ({
      siteId: site.siteId,
      reserveNo: no,
      storeId: site.storeId,
      carTypeId: site.typeId,
      startAt: new Date(from),
      endAt: new Date(to),
    });
    await handle.owner.insert(reservations).values(row("A", "2027-01-10T01:00:00Z", "2027-01-11T01:00:00Z"));
    const overlapping = handle.owner
      .insert(reservations)
      .values(row("B", "2027-01-10T12:00:00Z", "2027-01-12T01:00:00Z"));
    await expect(overlapping).rejects.toSatisfy(isFullyBooked);
    // A cancelled row is free to write; bringing it back is checked like a new booking.
    await handle.owner
      .insert(reservations)
      .values({ ...row("C", "2027-01-10T12:00:00Z", "2027-01-12T01:00:00Z"), status: "cancelled" });
    const revive = handle.owner
      .update(reservations)
      .set({ status: "confirmed" })
      .where(and(eq(reservations.siteId, site.siteId), eq(reservations.reserveNo, "C")));
    await expect(revive).rejects.toSatisfy(isFullyBooked);
    await handle.owner.insert(reservations).values(row("D", "2027-01-11T01:00:00Z", "2027-01-12T01:00:00Z"));
  });
});

describe("cancelling", () => {
  it("frees the car and refunds a card payment once", async () => {
    const site = await siteWith(1);
    const session = await sessionFor(site, [3, "11:00"], [4, "17:00"], { payMethod: 1 });
    const booked = await submit(site, session, "k-cancel", { card: { source: { card: VISA } } });
    if (booked.outcome !== "completed") throw new Error("expected a booking");
    expect(await cancelReservation(handle.forSite(site.siteId), site.siteId, booked.reservationId, { payments })).toBe(
      "cancelled",
    );
    expect(await cancelReservation(handle.forSite(site.siteId), site.siteId, booked.reservationId, { payments })).toBe(
      "already_cancelled",
    );
    expect(payments.log.filter((e) => e.op === "refund").length).toBeGreaterThanOrEqual(1);
    const [row] = await rowsOf(site.siteId);
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect((await submit(site, { ...session, payMethod: 2 }, "k-again")).outcome).toBe("completed");
    const other = await siteWith(1);
    expect(
      await cancelReservation(handle.forSite(other.siteId), other.siteId, booked.reservationId, { payments }),
    ).toBe("not_found");
  });
});
