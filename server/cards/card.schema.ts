import * as z from "zod/mini";
import { digitsOf, isExpired, luhnValid } from "../../common/card-number";
import { formText, requiredText } from "../auth/fields.schema";

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

/** The years the expiry select offers: this year and the next 15. */
export function expiryYears(now = new Date()): number[] {
  return Array.from({ length: 16 }, (_, i) => now.getFullYear() + i);
}
