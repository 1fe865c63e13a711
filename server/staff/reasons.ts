/** Why the back office refused something. Messages are `reason.<code>` in the back office's catalogues. */
export const ADMIN_REASON_CODES = [
  "forbidden",
  "invitation_invalid",
  "two_factor_required",
  "two_factor_invalid",
  "staff_email_taken",
  "last_owner",
  "stores_required",
] as const;
export type AdminReasonCode = (typeof ADMIN_REASON_CODES)[number];

export interface AdminReason {
  code: AdminReasonCode;
  params?: Record<string, string | number>;
}
