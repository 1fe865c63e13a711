import * as z from "zod/mini";
import { ADMIN_LOCALES, type AdminLocale } from "#common/admin";
import { emailField, formText, optionalText } from "#server/auth/fields.schema";
import { checkboxField, intListField } from "./admin-fields.schema";

export { ADMIN_LOCALES, type AdminLocale };

/** The back office's forms (client-safe; messages are reason codes). */

/** The back office's roles (issue 23), from the most to the least rights. */
export const STAFF_ROLES = ["owner", "manager", "store_staff", "read_only"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

// Signing in, accepting an invitation and resetting a password use the members' schemas
// (LoginSchema, PasswordResetSchema, PasswordRequestSchema): the same rules for everyone.

/** A six-digit code from the authenticator app, or a recovery code (`xxxxx-xxxxx`). */
export const TwoFactorCodeSchema = z.object({
  code: formText.check(
    z.minLength(1, "two_factor_invalid"),
    z.maxLength(20, "two_factor_invalid"),
    z.regex(/^(?:\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/i, "two_factor_invalid"),
  ),
});

/** The store checkboxes (a list: `handleForm(…, { lists: STAFF_LISTS })`). */
const idList = intListField(1, 999_999_999);
export const STAFF_LISTS = ["store_ids"] as const;

const roleField = z.enum(STAFF_ROLES, "invalid_choice");

/** Store staff work on at least one store (checked even when other fields have their own messages). */
const storesForRole = <T extends { role: string; store_ids: number[] }>(value: T) =>
  value.role !== "store_staff" || (Array.isArray(value.store_ids) && value.store_ids.length > 0);
const storesRule = { message: "stores_required", path: ["store_ids"], when: () => true };

export const InviteStaffSchema = z
  .object({
    email: emailField,
    name: optionalText(100),
    role: roleField,
    store_ids: idList,
    locale: z._default(z.enum(ADMIN_LOCALES, "invalid_choice"), "ja"),
  })
  .check(z.refine(storesForRole, storesRule));
export type InviteStaffInput = z.infer<typeof InviteStaffSchema>;

export const UpdateStaffSchema = z
  .object({ role: roleField, store_ids: idList, active: checkboxField })
  .check(z.refine(storesForRole, storesRule));
export type UpdateStaffInput = z.infer<typeof UpdateStaffSchema>;
