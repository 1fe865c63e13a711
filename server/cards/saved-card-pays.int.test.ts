import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#common/calendar-date";
import { members, reservations } from "#server/db/schema";
import { seedDemoMembers } from "#server/db/seed/demo-members";
import { createMember } from "#server/db/seed/members-factory";
import { createMailer } from "#server/mail/mailer";
import { PaymentSimulator } from "#server/payments/simulator";
import type { BookingDeps, SubmitAnswer } from "#server/reservations/booking";
import { completeCardAction } from "#server/reservations/card-settlement";
import { submitReservation } from "#server/reservations/submit";
import { loadSiteBundle, type SiteBundle } from "#server/sites/site-bundle";
import { CARD_BOOKING_NOW } from "#tests/fixtures/card-booking";
import { NIGHTS } from "#tests/fixtures/fee-plans";
import { pricedSession } from "#tests/fixtures/reserve-session";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { CardSchema } from "./card.schema";
import { addCard, completeCardSetup, listCards, savedCardSource } from "./cards";

/**
 * Issue 37, item 4 ("saved cards pay"): a member's saved card pays a booking on the card step after
 * the server started again, so with a simulator that has never seen the card: the demo seed's cards
 * (sakura, kaede) and a card saved on My Page before the restart, with and without 3-D Secure.
 * Fixtures are loaded as the owner; everything the product does runs as the app role (`forSite`).
 */

let handle: TestDb;
/** The demo seed's "today" and the booking's clock (the card step is within 49 days of departure). */
const TODAY = new Date("2026-11-27T00:00:00Z");
const NOW = CARD_BOOKING_NOW;
let nextDay = 3;

beforeAll(async () => {
  handle = await createTestDb();
  for (const siteId of ["sakura", "kaede"]) {
    const site = await makeSite(handle.owner, {
      siteId,
      settings: { siteTitle: siteId, supportedLanguages: "jp,en", settlementMethods: [1, 2] },
      stores: [{ storeName: "本店", tel: "03-0000-0000", email: "store@example.com" }],
      catalogue: {
        classes: [{ key: "c", className: "コンパクト" }],
        carTypes: [{ key: "t", classKey: "c", typeName: "アクア", capacity: 5 }],
        vehicles: [{ store: 0, typeKey: "t", count: 5 }],
        feePlans: [{ store: 0, classKey: "c", ...NIGHTS }],
        immunityFees: [{ classKey: "c", pricePerDay: 1100 }],
      },
    });
    await seedDemoMembers(handle.owner, [site], TODAY);
  }
});
afterAll(() => handle.close());

/** A fresh simulator: the server as it is after a start, knowing no card. */
function afterStart() {
  const payments = new PaymentSimulator();
  const deps: BookingDeps = {
    mailer: createMailer({ MAIL_TRANSPORT: "outbox" }),
    payments,
    mails: async () => () => ({ borrower: null, store: null }),
  };
  return { payments, deps };
}

async function memberOf(siteId: string, email: string) {
  const db = handle.forSite(siteId);
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.email, email)));
  if (!row) throw new Error(`no member ${email} on ${siteId}`);
  return row.id;
}

/** What the card step's action does with the choice `saved:<cardId>`: the card's source, then the submit. */
async function payWithSavedCard(siteId: string, memberId: number, cardId: number, deps: BookingDeps) {
  const db = handle.forSite(siteId);
  const source = await savedCardSource(db, siteId, memberId, cardId);
  // Null is the page's 422 "choose from the list" (invalid_choice).
  expect(source, "the saved card's gateway customer and card").not.toBeNull();
  const bundle = (await loadSiteBundle(db, siteId)) as SiteBundle;
  const storeId = bundle.stores[0]?.id as number;
  const carTypeId = bundle.catalogue.carTypes[0]?.id as number;
  const sd = addDays("2026-12-01", nextDay++);
  const search = { sd, st: "11:00", ed: addDays(sd, 1), et: "17:00" };
  const session = await pricedSession(db, { siteId, bundle, storeId, carTypeId }, search, NOW, { payMethod: 1 });
  const answer = await submitReservation(
    db,
    siteId,
    {
      bundle,
      session,
      idempotencyKey: `saved-card-${siteId}-${memberId}-${cardId}-${sd}`,
      memberId,
      locale: "ja",
      now: NOW,
      card: source ?? undefined,
      returnUrl: `https://example.test/${siteId}/reserve/credit_card?reservation=pending`,
    },
    deps,
  );
  return { answer, total: session.fees?.total as number };
}

async function bookingOf(siteId: string, answer: SubmitAnswer) {
  if (answer.outcome === "refused") throw new Error(`refused: ${JSON.stringify(answer.reason)}`);
  const [row] = await handle
    .forSite(siteId)
    .select()
    .from(reservations)
    .where(and(eq(reservations.siteId, siteId), eq(reservations.id, answer.reservationId)));
  return row;
}

describe("the demo members' saved cards pay after a start", () => {
  it.each([
    ["sakura", "hanako@example.com", "4242"],
    ["sakura", "corp@example.com", "4444"],
    ["kaede", "hanako@example.com", "4242"],
    ["kaede", "kyoto-corp@example.com", "1881"],
  ])("%s %s pays with the default card ••••%s", async (siteId, email, last4) => {
    const { payments, deps } = afterStart();
    const memberId = await memberOf(siteId, email);
    const [card] = await listCards(handle.forSite(siteId), siteId, memberId);
    expect(card).toMatchObject({ last4, isDefault: true });
    const { answer, total } = await payWithSavedCard(siteId, memberId, card?.id as number, deps);
    expect(answer.outcome).toBe("completed");
    expect(await bookingOf(siteId, answer)).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      memberId,
      totalFee: total,
    });
    expect(payments.charges()).toMatchObject([{ status: "succeeded", amount: total }]);
  });

  it("kaede's seeded 3-D Secure card asks for the challenge; passing it confirms the booking", async () => {
    const { payments, deps } = afterStart();
    const memberId = await memberOf("kaede", "kyoto-corp@example.com");
    const card = (await listCards(handle.forSite("kaede"), "kaede", memberId)).find((c) => c.last4 === "3220");
    expect(card).toMatchObject({ brand: "visa", isDefault: false });
    const { answer, total } = await payWithSavedCard("kaede", memberId, card?.id as number, deps);
    if (answer.outcome !== "requires_action") throw new Error(`expected a challenge, got ${answer.outcome}`);
    expect(answer.actionUrl).toMatch(/^\/_simulator\/3ds\/sim_pi_/);
    expect(await bookingOf("kaede", answer)).toMatchObject({ status: "held", paymentStatus: "pending" });
    expect(payments.charges()).toEqual([]);

    await payments.resolveChallenge(answer.actionUrl.split("/").pop() as string, "succeeded");
    const done = await completeCardAction(handle.forSite("kaede"), "kaede", answer.reservationId, deps);
    expect(done).toMatchObject({ outcome: "completed", reservationId: answer.reservationId });
    expect(await bookingOf("kaede", answer)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(payments.charges()).toMatchObject([{ status: "succeeded", amount: total }]);
  });
});

describe("a card saved on My Page pays after the server started again", () => {
  const year = String(new Date().getFullYear() + 3);
  const typed = (number: string) => {
    const parsed = CardSchema.safeParse({
      card_number: number,
      holder: "HANAKO",
      exp_month: "12",
      exp_year: year,
      cvc: "123",
    });
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    return parsed.data;
  };

  it("with and without 3-D Secure", async () => {
    const siteId = "sakura";
    const db = handle.forSite(siteId);
    const memberId = await createMember(handle.owner, siteId, { name: "試験 花子", email: "restart@example.com" });
    const before = new PaymentSimulator();
    await expect(addCard(db, siteId, memberId, typed("4242424242424242"), before)).resolves.toEqual({
      status: "saved",
    });
    const setup = await addCard(db, siteId, memberId, typed("4000000000003220"), before, "https://example.test/r");
    if (setup.status !== "requires_action") throw new Error("the 3-D Secure card asks for a challenge when saved");
    await before.resolveChallenge(setup.setupId, "succeeded");
    // My Page's return from the challenge finishes the setup.
    await completeCardSetup(db, siteId, memberId, setup.setupId, before);
    const cards = await listCards(db, siteId, memberId);
    expect(cards.map((c) => c.last4)).toEqual(["4242", "3220"]);

    const { payments, deps } = afterStart();
    const plain = await payWithSavedCard(siteId, memberId, cards[0]?.id as number, deps);
    expect(plain.answer.outcome).toBe("completed");
    expect(await bookingOf(siteId, plain.answer)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });

    const threeDs = await payWithSavedCard(siteId, memberId, cards[1]?.id as number, deps);
    if (threeDs.answer.outcome !== "requires_action")
      throw new Error(`expected a challenge, got ${threeDs.answer.outcome}`);
    await payments.resolveChallenge(threeDs.answer.actionUrl.split("/").pop() as string, "succeeded");
    expect(await completeCardAction(db, siteId, threeDs.answer.reservationId, deps)).toMatchObject({
      outcome: "completed",
    });
    expect(payments.charges().map((c) => c.amount)).toEqual([plain.total, threeDs.total]);
  });
});
