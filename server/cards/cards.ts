import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { memberCards, members } from "#server/db/schema";
import { AppError, notFoundError } from "#server/errors";
import type { CardSetupResult, PaymentGateway, PaymentReason, SavedCard } from "#server/payments/types";
import { type CardFormInput, cardSourceOf, type StripeCardInput } from "./card.schema";

/**
 * A member's saved cards (spec §3 Cards, §5, §9). The cards live with the payment gateway;
 * `member_cards` mirrors what My Page shows (brand, last four, holder, expiry, default), never a
 * number or a CVC. Everything is scoped by site and member: another member's card is a 404.
 */
export interface MemberCardView {
  id: number;
  brand: string;
  last4: string;
  holder: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}

export async function listCards(db: Db, siteId: string, memberId: number): Promise<MemberCardView[]> {
  return db
    .select({
      id: memberCards.id,
      brand: memberCards.brand,
      last4: memberCards.last4,
      holder: memberCards.holder,
      expMonth: memberCards.expMonth,
      expYear: memberCards.expYear,
      isDefault: memberCards.isDefault,
    })
    .from(memberCards)
    .where(and(eq(memberCards.siteId, siteId), eq(memberCards.memberId, memberId)))
    .orderBy(desc(memberCards.isDefault), memberCards.createdAt, memberCards.id);
}

/** The member's gateway customer, made once and kept on the member. */
async function customerOf(db: Db, siteId: string, memberId: number, payments: PaymentGateway): Promise<string> {
  const [member] = await db
    .select({ customerId: members.paymentCustomerId })
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.id, memberId)));
  if (!member) throw notFoundError();
  if (member.customerId) return member.customerId;
  const customerId = await payments.createCustomer(siteId, { memberId: String(memberId) });
  const [kept] = await db
    .update(members)
    .set({ paymentCustomerId: customerId })
    .where(and(eq(members.siteId, siteId), eq(members.id, memberId), sql`${members.paymentCustomerId} is null`))
    .returning({ customerId: members.paymentCustomerId });
  if (kept?.customerId) return kept.customerId;
  // Another request made one first: use theirs.
  const [again] = await db
    .select({ customerId: members.paymentCustomerId })
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.id, memberId)));
  return again?.customerId ?? customerId;
}

/** Keeps the saved card in our mirror; the member's first card becomes the default. */
async function insertCard(db: Db, siteId: string, memberId: number, card: SavedCard) {
  await db.transaction(async (tx) => {
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(memberCards)
      .where(and(eq(memberCards.siteId, siteId), eq(memberCards.memberId, memberId)));
    await tx
      .insert(memberCards)
      .values({
        siteId,
        memberId,
        gatewayCardId: card.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        holder: card.holder,
        isDefault: (counted?.count ?? 0) === 0,
      })
      .onConflictDoNothing();
  });
}

type CardReason = "invalid_number" | "incorrect_cvc" | "card_expired" | "invalid_expiry";
const FIELD_OF: Partial<Record<PaymentReason, string>> = {
  invalid_number: "card_number",
  incorrect_cvc: "cvc",
  card_expired: "exp_month",
  invalid_expiry: "exp_month",
};
const FORM_REASONS = ["jcb_not_accepted", "card_declined", "authentication_failed"] as const;
type FormReason = (typeof FORM_REASONS)[number];

/** A refused card as the form shows it: next to the field it is about, or at the top. */
export function cardRefusal(reason: PaymentReason | undefined): AppError {
  const field = reason ? FIELD_OF[reason] : undefined;
  if (reason && field) {
    return new AppError("invalid_input", { fieldErrors: { [field]: { code: reason as CardReason } } });
  }
  const code: FormReason | "card_failed" =
    reason && (FORM_REASONS as readonly string[]).includes(reason) ? (reason as FormReason) : "card_failed";
  return new AppError("invalid_input", { reason: { code } });
}

export type AddCardResult = { status: "saved" } | { status: "requires_action"; actionUrl: string; setupId: string };

/**
 * Saves a card with the gateway, then in our mirror: typed details (simulator) or a PaymentMethod
 * made by Stripe.js. A card that needs 3-D Secure answers `requires_action` with where to send the
 * browser; Stripe sends it back to `returnUrl` (which may name the setup), and the route finishes
 * with `completeCardSetup`.
 */
export async function addCard(
  db: Db,
  siteId: string,
  memberId: number,
  input: CardFormInput | StripeCardInput,
  payments: PaymentGateway,
  returnUrl?: string | ((setupId: string) => string),
): Promise<AddCardResult> {
  const customerId = await customerOf(db, siteId, memberId, payments);
  const { setupId } = await payments.startCardSetup(customerId);
  const result: CardSetupResult = await payments.confirmCardSetup(setupId, cardSourceOf(input), {
    returnUrl: typeof returnUrl === "function" ? returnUrl(setupId) : returnUrl,
  });
  if (result.status === "succeeded" && result.card) {
    await insertCard(db, siteId, memberId, result.card);
    return { status: "saved" };
  }
  if (result.status === "requires_action" && result.actionUrl) {
    return { status: "requires_action", actionUrl: result.actionUrl, setupId };
  }
  throw cardRefusal(result.reason);
}

/** After the 3-D Secure challenge: the setup's outcome as the gateway reports it (never the browser's word). */
export async function completeCardSetup(
  db: Db,
  siteId: string,
  memberId: number,
  setupId: string,
  payments: PaymentGateway,
): Promise<void> {
  const result = await payments.completeAction(setupId);
  if (result.kind === "setup" && result.status === "succeeded" && result.card) {
    await insertCard(db, siteId, memberId, result.card);
    return;
  }
  throw new AppError("invalid_input", { reason: { code: "authentication_failed" } });
}

async function ownCard(db: Db, siteId: string, memberId: number, cardId: number) {
  const [row] = await db
    .select({ id: memberCards.id, gatewayCardId: memberCards.gatewayCardId, isDefault: memberCards.isDefault })
    .from(memberCards)
    .where(and(eq(memberCards.siteId, siteId), eq(memberCards.memberId, memberId), eq(memberCards.id, cardId)));
  if (!row) throw notFoundError();
  const [member] = await db
    .select({ customerId: members.paymentCustomerId })
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.id, memberId)));
  return { ...row, customerId: member?.customerId ?? null };
}

/**
 * Deletes a saved card: detached at the gateway, then removed here even when the gateway no
 * longer knows it (the simulator forgets on restart). When it was the default, the newest
 * remaining card becomes the default.
 */
export async function deleteCard(db: Db, siteId: string, memberId: number, cardId: number, payments: PaymentGateway) {
  const card = await ownCard(db, siteId, memberId, cardId);
  if (card.customerId) await payments.detachCard(card.customerId, card.gatewayCardId);
  await db.transaction(async (tx) => {
    await tx.delete(memberCards).where(and(eq(memberCards.siteId, siteId), eq(memberCards.id, card.id)));
    if (!card.isDefault) return;
    const [newest] = await tx
      .select({ id: memberCards.id })
      .from(memberCards)
      .where(and(eq(memberCards.siteId, siteId), eq(memberCards.memberId, memberId)))
      .orderBy(desc(memberCards.createdAt), desc(memberCards.id))
      .limit(1);
    if (newest) {
      await tx.update(memberCards).set({ isDefault: true }).where(eq(memberCards.id, newest.id));
    }
  });
}

/** Makes one card the default (one default per member: cleared, then set, in one transaction). */
export async function setDefaultCard(
  db: Db,
  siteId: string,
  memberId: number,
  cardId: number,
  payments: PaymentGateway,
) {
  const card = await ownCard(db, siteId, memberId, cardId);
  if (card.customerId) await payments.setDefaultCard(card.customerId, card.gatewayCardId);
  await db.transaction(async (tx) => {
    await tx
      .update(memberCards)
      .set({ isDefault: false })
      .where(and(eq(memberCards.siteId, siteId), eq(memberCards.memberId, memberId), eq(memberCards.isDefault, true)));
    await tx
      .update(memberCards)
      .set({ isDefault: true })
      .where(and(eq(memberCards.siteId, siteId), eq(memberCards.id, card.id)));
  });
}

/**
 * What a booking charges when a member pays with a saved card: the member's gateway customer and
 * the gateway's id of that card. Null when the card is not this member's on this site.
 */
export async function savedCardSource(
  db: Db,
  siteId: string,
  memberId: number,
  cardId: number,
): Promise<{ customerId: string; cardId: string } | null> {
  const [row] = await db
    .select({ customerId: members.paymentCustomerId, cardId: memberCards.gatewayCardId })
    .from(memberCards)
    .innerJoin(members, and(eq(members.siteId, memberCards.siteId), eq(members.id, memberCards.memberId)))
    .where(and(eq(memberCards.siteId, siteId), eq(memberCards.memberId, memberId), eq(memberCards.id, cardId)));
  return row?.customerId ? { customerId: row.customerId, cardId: row.cardId } : null;
}
