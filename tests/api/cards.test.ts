import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSession } from "#server/auth/sessions";
import { idempotencyKeys, memberCards, reservations } from "#server/db/schema";
import { Browser, type Harness, json, PREFIXES, type ProblemBody, SITE, text } from "./account-client";
import { apiHarness } from "./harness";
import { addReservation, demoRows, freshMember } from "./member-fixtures";

let h: Harness;
let other: Awaited<ReturnType<typeof demoRows>>;
let kaede: Awaited<ReturnType<typeof demoRows>>;

beforeAll(async () => {
  h = await apiHarness();
  other = await demoRows(h, SITE);
  kaede = await demoRows(h, "kaede");
});
afterAll(() => h.handle.close());

const YEAR = new Date().getFullYear() + 2;
/** The card form as the page posts it with the payment simulator. */
const cardForm = (number: string, fields: Record<string, unknown> = {}) => ({
  card_number: number,
  holder: "TARO API",
  exp_month: 12,
  exp_year: YEAR,
  cvc: "123",
  ...fields,
});

type Card = {
  id: number;
  brand: string;
  last4: string;
  holder: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
};

describe.each(PREFIXES)("card payments API in %s (%s)", (prefix, locale) => {
  const api = `${prefix}/api/v1`;

  it("saves cards (the first becomes the default), lists them and changes the default; never a full number", async () => {
    const me = await freshMember(h);
    expect(await json(await me.browser.get(`${api}/stripes/user-cards`))).toEqual({ cards: [] });
    expect(await json(await me.browser.get(`${api}/stripes/user-default-card`))).toEqual({ card: null });

    const first = await me.browser.post(`${api}/stripes/register`, cardForm("4242 4242 4242 4242"));
    expect(first.status).toBe(200);
    const saved = await json<{ status: string; cards: Card[]; action_url: null }>(first);
    expect(saved).toMatchObject({ status: "saved", action_url: null });
    expect(saved.cards).toEqual([
      {
        id: expect.any(Number),
        brand: "visa",
        last4: "4242",
        holder: "TARO API",
        exp_month: 12,
        exp_year: YEAR,
        is_default: true,
      },
    ]);
    const second = await json<{ cards: Card[] }>(
      await me.browser.post(`${api}/stripes/register`, cardForm("5555555555554444", { holder: "TARO SECOND" })),
    );
    expect(second.cards.map((c) => [c.brand, c.last4, c.is_default])).toEqual([
      ["visa", "4242", true],
      ["mastercard", "4444", false],
    ]);
    const listed = await me.browser.get(`${api}/stripes/user-cards`);
    const listedText = await listed.clone().text();
    expect(listedText).not.toContain("4242424242424242");
    expect(listedText).not.toContain("5555555555554444");
    expect(await json(listed)).toEqual({ cards: second.cards });

    const master = second.cards[1]!;
    const changed = await me.browser.post(`${api}/stripes/change-card`, { card_id: master.id });
    expect(changed.status).toBe(200);
    const { cards } = await json<{ cards: Card[] }>(changed);
    expect(cards.map((c) => [c.last4, c.is_default])).toEqual([
      ["4444", true],
      ["4242", false],
    ]);
    expect(await json(await me.browser.get(`${api}/stripes/user-default-card`))).toEqual({
      card: { ...master, is_default: true },
    });
  });

  it("refuses bad card details with the field map or the message in the language", async () => {
    const me = await freshMember(h);
    const invalid = await me.browser.post(`${api}/stripes/register`, cardForm("4242 4242 4242 4241", { holder: "" }));
    expect(invalid.status).toBe(422);
    expect((await json<ProblemBody>(invalid)).errors).toEqual({
      card_number: [text(locale, "reason.invalid_number")],
      holder: [text(locale, "reason.card_holder_required")],
    });
    const empty = await me.browser.post(`${api}/stripes/register`, {});
    expect(empty.status).toBe(422);
    expect((await json<ProblemBody>(empty)).errors).toMatchObject({
      card_number: [text(locale, "reason.card_number_required")],
      cvc: [text(locale, "reason.card_cvc_required")],
    });
    const declined = await me.browser.post(`${api}/stripes/register`, cardForm("4000000000000002"));
    expect(declined.status).toBe(422);
    expect(await json<ProblemBody>(declined)).toMatchObject({
      reason: "card_declined",
      detail: text(locale, "reason.card_declined"),
    });
    const jcb = await me.browser.post(`${api}/stripes/register`, cardForm("3530111333300000"));
    expect(jcb.status).toBe(422);
    expect((await json<ProblemBody>(jcb)).detail).toBe(text(locale, "reason.jcb_not_accepted"));
    expect(await json(await me.browser.get(`${api}/stripes/user-cards`))).toEqual({ cards: [] });

    const badId = await me.browser.post(`${api}/stripes/change-card`, { card_id: "abc" });
    expect(badId.status).toBe(422);
    expect((await json<ProblemBody>(badId)).errors).toEqual({ card_id: [text(locale, "reason.invalid_choice")] });
    const noId = await me.browser.post(`${api}/stripes/payments-cancel`, {});
    expect(noId.status).toBe(422);
    expect((await json<ProblemBody>(noId)).errors).toEqual({ reserve_id: [text(locale, "reason.invalid_choice")] });
  });

  it("a card asking for 3-D Secure answers where to send the browser, back to My Page's card page", async () => {
    const me = await freshMember(h);
    const response = await me.browser.post(`${api}/stripes/register`, cardForm("4000002500003155"));
    expect(response.status).toBe(200);
    const body = await json<{ status: string; cards: Card[]; action_url: string }>(response);
    expect(body).toMatchObject({ status: "requires_action", cards: [] });
    const url = new URL(body.action_url, "http://x");
    expect(url.pathname).toMatch(/^\/_simulator\/3ds\//);
    const setupId = url.pathname.split("/").pop()!;
    expect(url.searchParams.get("return")).toBe(
      `${prefix}/${SITE}/mypage/user/credit_card?setup=${encodeURIComponent(setupId)}`,
    );
    // The page finishes the setup this session started.
    const session = await readSession(h.handle.forSite(SITE), SITE, me.browser.jar.values.get(`sid_${SITE}`)!);
    expect(session?.data.cardSetup).toBe(setupId);
  });

  it("cancels a reservation online at the fee it showed (payments-cancel)", async () => {
    const me = await freshMember(h);
    const booking = await addReservation(h, SITE, me.id, { from: 10, to: 11 });
    const { reserve } = await json<{ reserve: { cancellation: { state: string; fee: { amount: number } | null } } }>(
      await me.browser.get(`${api}/mypage/reserves/${booking.id}`),
    );
    expect(reserve.cancellation.state).toBe("open");
    const cancelled = await me.browser.post(`${api}/stripes/payments-cancel`, { reserve_id: booking.id });
    expect(cancelled.status).toBe(200);
    expect(await json(cancelled)).toEqual({
      reserve_no: booking.reserveNo,
      status: "cancelled",
      cancellation_fee: reserve.cancellation.fee!.amount,
      refund: 0,
      refund_pending: 0,
    });
    const after = await json<{ reserve: { status: string; status_label: string; cancellation: { state: string } } }>(
      await me.browser.get(`${api}/mypage/reserves/${booking.id}`),
    );
    expect(after.reserve).toMatchObject({
      status: "cancelled",
      status_label: text(locale, "reserves.status.cancelled"),
      cancellation: { state: "cancelled" },
    });
    const [row] = await h.handle
      .forSite(SITE)
      .select({ status: reservations.status })
      .from(reservations)
      .where(eq(reservations.id, booking.id));
    expect(row?.status).toBe("cancelled");
  });

  it("refuses to cancel online once the deadline has passed", async () => {
    const me = await freshMember(h);
    const renting = await addReservation(h, SITE, me.id, { from: -1, to: 1 });
    const refused = await me.browser.post(`${api}/stripes/payments-cancel`, { reserve_id: renting.id });
    expect(refused.status).toBe(422);
    expect(await json<ProblemBody>(refused)).toMatchObject({
      reason: "cancel_closed",
      detail: text(locale, "reason.cancel_closed"),
    });
  });

  it("answers 404 for another member's or another site's card and reservation", async () => {
    const me = await freshMember(h);
    for (const id of [other.cardId, kaede.cardId]) {
      const response = await me.browser.post(`${api}/stripes/change-card`, { card_id: id });
      expect(response.status).toBe(404);
      expect((await json<ProblemBody>(response)).detail).toBe(text(locale, "error.notFound"));
    }
    for (const id of [other.reservationId, kaede.reservationId]) {
      const response = await me.browser.post(`${api}/stripes/payments-cancel`, { reserve_id: id });
      expect(response.status).toBe(404);
      expect((await json<ProblemBody>(response)).detail).toBe(text(locale, "error.notFound"));
    }
    // Nothing of theirs changed.
    const [card] = await h.handle
      .forSite(SITE)
      .select({ isDefault: memberCards.isDefault })
      .from(memberCards)
      .where(eq(memberCards.id, other.cardId));
    expect(card?.isDefault).toBe(true);
  });

  it("answers 401 to every operation without a session", async () => {
    const guest = new Browser(h);
    for (const path of ["/stripes/user-default-card", "/stripes/user-cards"]) {
      const response = await guest.get(`${api}${path}`);
      expect(response.status, path).toBe(401);
      expect((await json<ProblemBody>(response)).detail).toBe(text(locale, "flash.loginAgain"));
    }
    for (const [path, body] of [
      ["/stripes/register", cardForm("4242424242424242")],
      ["/stripes/change-card", { card_id: 1 }],
      ["/stripes/payments-cancel", { reserve_id: 1 }],
    ] as const) {
      const response = await guest.post(`${api}${path}`, body);
      expect(response.status, path).toBe(401);
      expect((await json<ProblemBody>(response)).detail).toBe(text(locale, "flash.loginAgain"));
    }
  });
});

describe("card payments API: idempotency and sites", () => {
  it("a retry with the same Idempotency-Key saves the card once", async () => {
    const me = await freshMember(h);
    const key = { "Idempotency-Key": "card-register-0001" };
    const first = await me.browser.post("/api/v1/stripes/register", cardForm("4242424242424242"), { headers: key });
    const again = await me.browser.post("/api/v1/stripes/register", cardForm("4242424242424242"), { headers: key });
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await json(again)).toEqual(await json(first));
    expect((await json<{ cards: Card[] }>(await me.browser.get("/api/v1/stripes/user-cards"))).cards).toHaveLength(1);
  });

  it("a retry with another card under the same key is refused (422), and no card number is kept", async () => {
    const me = await freshMember(h);
    const key = { "Idempotency-Key": "card-register-0002" };
    const first = await me.browser.post("/api/v1/stripes/register", cardForm("4242424242424242"), { headers: key });
    expect(first.status).toBeLessThan(300);
    const other = await me.browser.post("/api/v1/stripes/register", cardForm("5555555555554444"), { headers: key });
    expect(other.status).toBe(422);
    expect((await json<ProblemBody & { reason?: string }>(other)).reason).toBe("idempotency_key_reused");
    expect((await json<{ cards: Card[] }>(await me.browser.get("/api/v1/stripes/user-cards"))).cards).toHaveLength(1);
    const kept = await h.handle.forSite(SITE).select().from(idempotencyKeys);
    expect(kept.length).toBeGreaterThan(0);
    expect(JSON.stringify(kept)).not.toMatch(/4242424242424242|5555555555554444/);
  });

  it("a sakura session sent to kaede is no session there (401)", async () => {
    const me = await freshMember(h);
    await me.browser.post("/api/v1/stripes/register", cardForm("4242424242424242"));
    for (const path of ["/stripes/user-cards", "/stripes/user-default-card"]) {
      const response = await me.browser.get(`/en/api/v1${path}`, { "X-Site-Id": "kaede" });
      expect(response.status, path).toBe(401);
      expect((await json<ProblemBody>(response)).detail).toBe("Please log in again.");
    }
    expect((await json<{ cards: Card[] }>(await me.browser.get("/api/v1/stripes/user-cards"))).cards).toHaveLength(1);
  });
});
