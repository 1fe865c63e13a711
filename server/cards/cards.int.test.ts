import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberCards, members } from "#server/db/schema";
import { createMember, createMemberCard } from "#server/db/seed/members-factory";
import { AppError } from "#server/errors";
import { PaymentSimulator } from "#server/payments/simulator";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { CardSchema } from "./card.schema";
import { addCard, completeCardSetup, deleteCard, listCards, setDefaultCard } from "./cards";

let handle: TestDb;
let siteId: string;
let otherSiteId: string;
let payments: PaymentSimulator;
const YEAR = new Date().getFullYear() + 3;

beforeAll(async () => {
  handle = await createTestDb();
  siteId = (await makeSite(handle.owner)).siteId;
  otherSiteId = (await makeSite(handle.owner)).siteId;
  payments = new PaymentSimulator();
});
afterAll(() => handle.close());

let n = 0;
const newMember = (site = siteId) =>
  createMember(handle.owner, site, { name: "花子", email: `card${++n}@example.com` });

const card = (number: string, over: Partial<Record<string, string>> = {}) => {
  const parsed = CardSchema.safeParse({
    card_number: number,
    holder: "HANAKO YAMADA",
    exp_month: "12",
    exp_year: String(YEAR),
    cvc: "123",
    ...over,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
};
const add = (memberId: number, number: string, over = {}, site = siteId) =>
  addCard(handle.forSite(site), site, memberId, card(number, over), payments, "https://example.test/return");

/** What the form shows for a refusal: `{field: code}` or the form's reason. */
const refusal = (e: unknown) =>
  e instanceof AppError
    ? (e.details.reason?.code ??
      Object.fromEntries(Object.entries(e.details.fieldErrors ?? {}).map(([k, v]) => [k, v.code])))
    : e;

describe("card form rules", () => {
  const issues = (input: Record<string, string>) => {
    const r = CardSchema.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path[0], i.message]));
  };
  it("asks for every field and checks the number, the expiry and the CVC", () => {
    expect(issues({})).toEqual({
      card_number: "card_number_required",
      holder: "card_holder_required",
      exp_month: "card_expiry_required",
      cvc: "card_cvc_required",
    });
    expect(
      issues({ card_number: "4242 4242 4242 4241", holder: "A", exp_month: "1", exp_year: "2020", cvc: "12" }),
    ).toEqual({ card_number: "invalid_number", exp_month: "card_expired", cvc: "incorrect_cvc" });
    expect(
      issues({ card_number: "4242 4242 4242 4242", holder: "A", exp_month: "12", exp_year: String(YEAR), cvc: "123" }),
    ).toEqual({});
  });
});

describe("saved cards", () => {
  it("saves a card with a gateway customer made once; the first card is the default", async () => {
    const id = await newMember();
    await expect(add(id, "4242 4242 4242 4242")).resolves.toEqual({ status: "saved" });
    const [m] = await handle.forSite(siteId).select().from(members).where(eq(members.id, id));
    expect(m?.paymentCustomerId).toMatch(/^sim_cus_/);
    await add(id, "5555 5555 5555 4444");
    const [m2] = await handle.forSite(siteId).select().from(members).where(eq(members.id, id));
    expect(m2?.paymentCustomerId).toBe(m?.paymentCustomerId);
    const cards = await listCards(handle.forSite(siteId), siteId, id);
    expect(cards.map((c) => [c.brand, c.last4, c.isDefault])).toEqual([
      ["visa", "4242", true],
      ["mastercard", "4444", false],
    ]);
    expect(cards[0]).toMatchObject({ holder: "HANAKO YAMADA", expMonth: 12, expYear: YEAR });
    expect(JSON.stringify(await handle.forSite(siteId).select().from(memberCards))).not.toContain("4242424242424242");
  });

  it.each([
    ["3566002020360505", {}, "jcb_not_accepted"],
    ["4000000000000002", {}, "card_declined"],
    ["4242424242424242", { cvc: "000" }, { cvc: "incorrect_cvc" }],
    ["4000000000000069", {}, { exp_month: "card_expired" }],
  ])("refuses %s %o", async (number, over, expected) => {
    const id = await newMember();
    await expect(add(id, number, over)).rejects.toSatisfy(
      (e) => JSON.stringify(refusal(e)) === JSON.stringify(expected),
    );
    expect(await listCards(handle.forSite(siteId), siteId, id)).toEqual([]);
  });

  it("refuses a past expiry before the gateway", () => {
    const r = CardSchema.safeParse({
      card_number: "4242424242424242",
      holder: "A",
      exp_month: "1",
      exp_year: String(new Date().getFullYear() - 1),
      cvc: "123",
    });
    expect(r.success).toBe(false);
  });

  it("asks for 3-D Secure for 3220, then saves the card once the challenge passes", async () => {
    const id = await newMember();
    const result = await add(id, "4000 0000 0000 3220");
    expect(result).toMatchObject({ status: "requires_action" });
    if (result.status !== "requires_action") throw new Error();
    expect(result.actionUrl).toBe(`/_simulator/3ds/${result.setupId}`);
    expect(await listCards(handle.forSite(siteId), siteId, id)).toEqual([]);
    await payments.resolveChallenge(result.setupId, "succeeded");
    await completeCardSetup(handle.forSite(siteId), siteId, id, result.setupId, payments);
    expect((await listCards(handle.forSite(siteId), siteId, id)).map((c) => c.last4)).toEqual(["3220"]);
  });

  it("refuses the card when the challenge fails, or has not been answered", async () => {
    const id = await newMember();
    const result = await add(id, "4000 0000 0000 3220");
    if (result.status !== "requires_action") throw new Error();
    await expect(completeCardSetup(handle.forSite(siteId), siteId, id, result.setupId, payments)).rejects.toSatisfy(
      (e) => refusal(e) === "authentication_failed",
    );
    await payments.resolveChallenge(result.setupId, "failed");
    await expect(completeCardSetup(handle.forSite(siteId), siteId, id, result.setupId, payments)).rejects.toSatisfy(
      (e) => refusal(e) === "authentication_failed",
    );
    expect(await listCards(handle.forSite(siteId), siteId, id)).toEqual([]);
  });

  it("changes the default (only one) and, deleting the default, makes the newest remaining one default", async () => {
    const id = await newMember();
    await add(id, "4242424242424242");
    await add(id, "5555555555554444");
    await add(id, "378282246310005", { cvc: "1234" });
    const [visa, master, amex] = await listCards(handle.forSite(siteId), siteId, id);
    await setDefaultCard(handle.forSite(siteId), siteId, id, master?.id as number, payments);
    let cards = await listCards(handle.forSite(siteId), siteId, id);
    expect(cards.filter((c) => c.isDefault).map((c) => c.id)).toEqual([master?.id]);
    await deleteCard(handle.forSite(siteId), siteId, id, master?.id as number, payments);
    cards = await listCards(handle.forSite(siteId), siteId, id);
    expect(cards.map((c) => [c.id, c.isDefault])).toEqual([
      [amex?.id, true],
      [visa?.id, false],
    ]);
    await deleteCard(handle.forSite(siteId), siteId, id, visa?.id as number, payments);
    expect((await listCards(handle.forSite(siteId), siteId, id)).map((c) => c.id)).toEqual([amex?.id]);
  });

  it("deletes and changes a card the gateway no longer knows (seeded, or forgotten on restart)", async () => {
    const id = await newMember();
    await handle.owner.update(members).set({ paymentCustomerId: "sim_cus_forgotten-1" }).where(eq(members.id, id));
    await createMemberCard(handle.owner, siteId, id, {
      siteId,
      gatewayCardId: `sim_pm_demo_${id}`,
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: YEAR,
      holder: "HANAKO",
      isDefault: true,
    } as never);
    await add(id, "5555555555554444");
    const [seeded, added] = await listCards(handle.forSite(siteId), siteId, id);
    await setDefaultCard(handle.forSite(siteId), siteId, id, added?.id as number, payments);
    await setDefaultCard(handle.forSite(siteId), siteId, id, seeded?.id as number, payments);
    await deleteCard(handle.forSite(siteId), siteId, id, seeded?.id as number, payments);
    expect((await listCards(handle.forSite(siteId), siteId, id)).map((c) => [c.id, c.isDefault])).toEqual([
      [added?.id, true],
    ]);
  });

  it("answers 404 for another member's card, or a card of another site", async () => {
    const owner = await newMember();
    const other = await newMember();
    const elsewhere = await newMember(otherSiteId);
    await add(owner, "4242424242424242");
    const [mine] = await listCards(handle.forSite(siteId), siteId, owner);
    const id = mine?.id as number;
    for (const [site, member] of [
      [siteId, other],
      [otherSiteId, elsewhere],
    ] as const) {
      await expect(deleteCard(handle.forSite(site), site, member, id, payments)).rejects.toSatisfy(
        (e) => e instanceof AppError && e.status === 404,
      );
      await expect(setDefaultCard(handle.forSite(site), site, member, id, payments)).rejects.toSatisfy(
        (e) => e instanceof AppError && e.status === 404,
      );
    }
    expect(await listCards(handle.forSite(siteId), siteId, other)).toEqual([]);
    expect(await listCards(handle.forSite(siteId), siteId, owner)).toHaveLength(1);
  });
});
