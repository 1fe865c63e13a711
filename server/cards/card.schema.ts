import * as z from "zod/mini";
import { digitsOf, isExpired, luhnValid } from "#common/card-number";
import { formText, requiredText } from "#server/auth/fields.schema";

/**
 * Adding a card on My Page (spec §5 card rules), client-safe: messages are reason codes. The
 * brand (JCB refused), the CVC's correctness and 3-D Secure are the gateway's answer.
 */
const always = { when: () => true };

const issue = (path: string, message: string, input: unknown) => ({
  code: "custom" as const,
  path: [path],
  message,
  input,
});

export const CardSchema = z.pipe(
  z
    .object({
      card_number: formText,
      holder: requiredText("card_holder_required", 100),
      exp_month: formText,
      exp_year: formText,
      cvc: formText,
    })
    .check(
      z.superRefine((v, ctx) => {
        const number = typeof v.card_number === "string" ? v.card_number : "";
        const digits = digitsOf(number);
        if (!digits) ctx.issues.push(issue("card_number", "card_number_required", number));
        else if (!/^[\d\s-]+$/.test(number) || !luhnValid(digits)) {
          ctx.issues.push(issue("card_number", "invalid_number", number));
        }
        const month = Number(v.exp_month);
        const year = Number(v.exp_year);
        if (!v.exp_month || !v.exp_year) ctx.issues.push(issue("exp_month", "card_expiry_required", v.exp_month));
        else if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 2000) {
          ctx.issues.push(issue("exp_month", "invalid_expiry", v.exp_month));
        } else if (isExpired(month, year, new Date())) ctx.issues.push(issue("exp_month", "card_expired", v.exp_month));
        const cvc = typeof v.cvc === "string" ? v.cvc : "";
        if (!cvc) ctx.issues.push(issue("cvc", "card_cvc_required", cvc));
        else if (!/^\d{3,4}$/.test(cvc)) ctx.issues.push(issue("cvc", "incorrect_cvc", cvc));
      }, always),
    ),
  z.transform((v) => ({
    number: digitsOf(v.card_number),
    holder: v.holder,
    expMonth: Number(v.exp_month),
    expYear: Number(v.exp_year),
    cvc: v.cvc,
  })),
);
export type CardFormInput = z.infer<typeof CardSchema>;

/** A PaymentMethod id as Stripe.js makes it (`pm_…`). */
export const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]+$/;
const TYPED_CARD_FIELDS = ["card_number", "exp_month", "exp_year", "cvc"] as const;

/**
 * A card entered in Stripe.js's Card Element (decision 024): the browser sends only the
 * PaymentMethod id Stripe.js made, and the holder typed in our own field (also on the
 * PaymentMethod). Card numbers never reach this server, so typed card fields are refused.
 * In the browser the same schema checks the holder before the PaymentMethod exists.
 */
export const StripeCardSchema = z.pipe(
  z
    .object({
      payment_method_id: formText.check(
        z.minLength(1, "card_number_required"),
        z.maxLength(255, "invalid_number"),
        z.regex(PAYMENT_METHOD_ID, "invalid_number"),
      ),
      holder: requiredText("card_holder_required", 100),
      card_number: z.optional(z.unknown()),
      exp_month: z.optional(z.unknown()),
      exp_year: z.optional(z.unknown()),
      cvc: z.optional(z.unknown()),
    })
    .check(
      z.superRefine((v, ctx) => {
        const typed = TYPED_CARD_FIELDS.find((f) => v[f] !== undefined && v[f] !== "");
        if (typed) ctx.issues.push(issue("form", "invalid_input", typed));
      }, always),
    ),
  z.transform((v) => ({ paymentMethodId: v.payment_method_id, holder: v.holder })),
);
export type StripeCardInput = z.infer<typeof StripeCardSchema>;

/**
 * The form a gateway takes a new card by: typed fields for the offline simulator, Stripe.js's
 * PaymentMethod for Stripe (a live account must never receive raw card numbers: PCI).
 */
export function cardSchemaFor(gateway: "simulator" | "stripe"): z.ZodMiniType<CardFormInput | StripeCardInput> {
  return gateway === "stripe" ? StripeCardSchema : CardSchema;
}

/** What the gateway is handed for either form. */
export function cardSourceOf(
  input: CardFormInput | StripeCardInput,
): { card: CardFormInput } | { paymentMethodId: string } {
  return "paymentMethodId" in input ? { paymentMethodId: input.paymentMethodId } : { card: input };
}

/** The years the expiry select offers: this year and the next 15. */
export function expiryYears(now = new Date()): number[] {
  return Array.from({ length: 16 }, (_, i) => now.getFullYear() + i);
}
