import type { adminPartnerApiJa } from "./partner-api.ja";

/** The API for programs' key scopes (issue 42). */
export const adminPartnerApiEn: Record<keyof typeof adminPartnerApiJa, string> = {
  "admin.apiKeys.scopeReservationsRead": "Read reservations (reservations:read)",
  "admin.apiKeys.scopeReservationsWrite": "Book, change and cancel reservations (reservations:write)",
  "admin.apiKeys.scopeReservationsReadShort": "Reservations (read)",
  "admin.apiKeys.scopeReservationsWriteShort": "Reservations (write)",
};
