import * as z from "zod/mini";
import { emailField, newPassword } from "./fields.schema";

/** Password recovery, step 1: the address the link goes to. */
export const PasswordRequestSchema = z.object({ email: emailField });
export type PasswordRequestInput = z.infer<typeof PasswordRequestSchema>;

const always = { when: () => true };

/** Password recovery, step 2: the link's token, a new password and its confirmation. */
export const PasswordResetSchema = z
  .object({
    token: z._default(z.string(), ""),
    password: newPassword,
    password_confirm: z._default(z.string(), ""),
  })
  .check(
    z.superRefine((v, ctx) => {
      const confirm = typeof v.password_confirm === "string" ? v.password_confirm : "";
      if (!confirm) {
        ctx.issues.push({ code: "custom", path: ["password_confirm"], message: "password_required", input: confirm });
      } else if (typeof v.password === "string" && confirm !== v.password) {
        ctx.issues.push({ code: "custom", path: ["password_confirm"], message: "password_mismatch", input: confirm });
      }
    }, always),
  );
export type PasswordResetInput = z.infer<typeof PasswordResetSchema>;
