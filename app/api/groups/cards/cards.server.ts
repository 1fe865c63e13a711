import { z } from "zod";
import { memberReservationOr404 } from "#app/api/groups/mypage/presenters.server";
import { operation } from "#app/api/operation.server";
import { issuesToErrors } from "#app/lib/forms";
import { CARD_SETUP_KEY, cardPagePath, challengeUrl } from "#app/lib/stripe.server";
import { composeCancellationMails } from "#app/presenters/operation-mail.server";
import { cardSchemaFor } from "#server/cards/card.schema";
import { addCard, listCards, type MemberCardView, setDefaultCard } from "#server/cards/cards";
import { cancelByCustomer } from "#server/counter/customer-cancel";
import { AppError, type FieldReasons } from "#server/errors";

/** A saved card as My Page shows it: never its number, only the brand and last four digits. */
export const SavedCardSchema = z
  .object({
    id: z.number().int(),
    brand: z.string().meta({ description: "`visa`, `mastercard`, `amex`, … (JCB is not accepted, spec §9)." }),
    last4: z.string(),
    holder: z.string().meta({ description: "The cardholder's name as entered (spec §3 Cards)." }),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    is_default: z.boolean(),
  })
  .meta({ id: "SavedCard" });

const cardOut = (c: MemberCardView) => ({
  id: c.id,
  brand: c.brand,
  last4: c.last4,
  holder: c.holder,
  exp_month: c.expMonth,
  exp_year: c.expYear,
  is_default: c.isDefault,
});

const text = z.string().optional();
/** The card form (documented statically; checked in the handler by the gateway's own form schema, as the page). */
const CardBody = z
  .object({
    holder: text,
    card_number: text.meta({ description: "Offline payment simulator only." }),
    exp_month: text.meta({ description: "Simulator only: 1-12." }),
    exp_year: text.meta({ description: "Simulator only: four digits." }),
    cvc: text.meta({ description: "Simulator only." }),
    payment_method_id: text.meta({ description: "Stripe only: the PaymentMethod (`pm_…`) Stripe.js made." }),
  })
  .meta({
    id: "CardForm",
    description:
      "What My Page's card form posts. With the offline payment simulator: `holder`, `card_number`, `exp_month`, `exp_year`, `cvc`. With Stripe (decision 024): `payment_method_id` and `holder` only; card numbers are refused, they never reach this server.",
  });

/** Which card, or which reservation: an id of the member's, as form text (a number is taken too). */
const idField = z.string({ error: "invalid_choice" }).regex(/^[1-9][0-9]{0,8}$/, "invalid_choice");

export const CARD_OPERATIONS = [
  operation({
    method: "get",
    path: "/stripes/user-default-card",
    tag: "card-payments",
    operationId: "stripes/user-default-card",
    summary: "The member's default card, or null",
    response: z.object({ card: SavedCardSchema.nullable() }),
    browser: "member",
    key: false,
    async handler({ db, siteId, member }) {
      const me = await member();
      const found = (await listCards(db, siteId, me.id)).find((c) => c.isDefault);
      return { card: found ? cardOut(found) : null };
    },
  }),
  operation({
    method: "get",
    path: "/stripes/user-cards",
    tag: "card-payments",
    operationId: "stripes/user-cards",
    summary: "The member's saved cards, the default first",
    response: z.object({ cards: z.array(SavedCardSchema) }),
    browser: "member",
    key: false,
    async handler({ db, siteId, member }) {
      const me = await member();
      return { cards: (await listCards(db, siteId, me.id)).map(cardOut) };
    },
  }),
  operation({
    method: "post",
    path: "/stripes/register",
    tag: "card-payments",
    operationId: "stripes/register",
    summary: "Save a card with the payment gateway; the member's first card becomes the default",
    description:
      "Takes what My Page's card form takes (see `CardForm`). `status: saved` with the cards; or `requires_action` when the card asks for 3-D Secure: send the browser to `action_url`, which comes back to My Page's card page, where the setup is finished. A refused card is 422 (`invalid_number`, `incorrect_cvc`, `card_expired`, `jcb_not_accepted`, `card_declined`, …).",
    body: CardBody,
    response: z.object({
      status: z.enum(["saved", "requires_action"]),
      cards: z.array(SavedCardSchema),
      action_url: z.string().nullable(),
    }),
    browser: "member",
    key: false,
    idempotent: true,
    problems: [409, 422],
    async handler({ db, siteId, locale, request, services, session, body, member }) {
      const me = await member();
      const { payments } = services;
      const parsed = cardSchemaFor(payments.kind).safeParse(body);
      if (!parsed.success) {
        throw new AppError("invalid_input", { fieldErrors: issuesToErrors(parsed.error.issues) as FieldReasons });
      }
      const back = (setupId: string) => `${cardPagePath(siteId, locale)}?setup=${encodeURIComponent(setupId)}`;
      const origin = services.publicOrigin ?? new URL(request.url).origin;
      const result = await addCard(db, siteId, me.id, parsed.data, payments, (setupId) => `${origin}${back(setupId)}`);
      const cards = (await listCards(db, siteId, me.id)).map(cardOut);
      if (result.status === "saved") return { status: "saved" as const, cards, action_url: null };
      // The card page finishes the setup this session started (app/routes/mypage/credit-card.tsx).
      await session!.setData(CARD_SETUP_KEY, result.setupId);
      return {
        status: "requires_action" as const,
        cards,
        action_url: challengeUrl(result.actionUrl, back(result.setupId)),
      };
    },
  }),
  operation({
    method: "post",
    path: "/stripes/change-card",
    tag: "card-payments",
    operationId: "stripes/change-card",
    summary: "Make one of the member's saved cards the default",
    description: "Another member's card is 404.",
    body: z.object({ card_id: idField }),
    response: z.object({ cards: z.array(SavedCardSchema) }),
    browser: "member",
    key: false,
    problems: [422],
    async handler({ db, siteId, services, body, member }) {
      const me = await member();
      await setDefaultCard(db, siteId, me.id, Number(body.card_id), services.payments);
      return { cards: (await listCards(db, siteId, me.id)).map(cardOut) };
    },
  }),
  operation({
    method: "post",
    path: "/stripes/payments-cancel",
    tag: "card-payments",
    operationId: "stripes/payments-cancel",
    summary: "Cancel one of the member's reservations online, refunding its card payment less the fee",
    description:
      "What the cancel button of My Page's reservation page does (spec §7 payments-cancel: the card payment of a cancelled reservation is refunded through the gateway). Allowed while the site offers online cancellation and before its deadline (`cancellation.state: open` in `GET /mypage/reserves/{id}`); the fee of the site's schedule is kept, the rest of a card payment taken in advance goes back to the card, the car is freed and the cancellation mails are sent. A reservation paid otherwise is cancelled the same way (nothing to refund). Refused with 422 `cancel_closed` otherwise; another member's or another site's reservation is 404. A retry answers with the same outcome.",
    body: z.object({ reserve_id: idField }),
    response: z.object({
      reserve_no: z.string(),
      status: z.literal("cancelled"),
      cancellation_fee: z.number().int().meta({ description: "Yen kept by the store." }),
      refund: z
        .number()
        .int()
        .meta({ description: "Yen given back to the card paid in advance (the ledger's outcome)." }),
      refund_pending: z.number().int().meta({
        description: "Yen not yet given back: the refund failed or is still under way; the store settles it.",
      }),
    }),
    browser: "member",
    key: false,
    idempotent: true,
    problems: [409, 422],
    async handler({ db, siteId, bundle, services, now, body, member }) {
      const me = await member();
      const row = await memberReservationOr404(db, siteId, me.id, Number(body.reserve_id));
      const outcome = await cancelByCustomer(
        db,
        siteId,
        row.reservation,
        bundle.settings,
        { payments: services.payments, mailer: services.mailer, mails: composeCancellationMails(bundle) },
        now,
      );
      return {
        reserve_no: row.reservation.reserveNo,
        status: "cancelled" as const,
        cancellation_fee: outcome.fee,
        refund: outcome.refund,
        refund_pending: outcome.refundPending,
      };
    },
  }),
];
