import type { AdminT } from "#app/lib/admin";
import type { ApiScope } from "#server/integrations/api-key.schema";

/** Each scope's name: long beside its checkbox, short in the list of keys. */
export const SCOPE_LABELS: Record<ApiScope, { long: Parameters<AdminT>[0]; short: Parameters<AdminT>[0] }> = {
  "catalog:read": { long: "admin.apiKeys.scopeCatalog", short: "admin.apiKeys.scopeCatalogShort" },
  "reservations:read": {
    long: "admin.apiKeys.scopeReservationsRead",
    short: "admin.apiKeys.scopeReservationsReadShort",
  },
  "reservations:write": {
    long: "admin.apiKeys.scopeReservationsWrite",
    short: "admin.apiKeys.scopeReservationsWriteShort",
  },
  bookings: { long: "admin.apiKeys.scopeBookings", short: "admin.apiKeys.scopeBookingsShort" },
};
