import * as z from "zod/mini";
import { formText, optionalText } from "#server/auth/fields.schema";

/** Spec §3 settlement options: 1 card in advance, 2 cash (at the store), 3 card at the store, 4 other. */
export const PAY_METHODS = [1, 2, 3, 4] as const;
export const REMARKS_MAX = 1000;
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The confirmation form (spec §2 /reserve/confirm), client-safe: the settlement method, its free
 * text when "other", remarks, and the submit's idempotency key. Which methods the site offers and
 * the 50-day rule for advance card payment are the server's to check.
 */
export const ConfirmSchema = z
  .object({
    pay_method: formText,
    pay_method_other: optionalText(100),
    remarks: optionalText(REMARKS_MAX),
    idempotency_key: formText,
  })
  .check(
    z.superRefine((v, ctx) => {
      const method = Number(v.pay_method);
      if (!(PAY_METHODS as readonly number[]).includes(method)) {
        ctx.issues.push({ code: "custom", path: ["pay_method"], message: "pay_method_required", input: v.pay_method });
      } else if (method === 4 && !v.pay_method_other) {
        ctx.issues.push({
          code: "custom",
          path: ["pay_method_other"],
          message: "pay_method_other_required",
          input: v.pay_method_other,
        });
      }
    }),
  );
export type ConfirmInput = z.infer<typeof ConfirmSchema>;
