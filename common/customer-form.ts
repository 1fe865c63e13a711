// What the booking's customer form renders with, apart from its schema
// (server/reservations/customer.schema.ts re-exports it), which the page fetches after it
// (app/components/booking/customer-form.tsx).
import { licenseTypeFieldName } from "./driver-form";
import type { LicenseType } from "./license-types";

export const CUSTOMER_LIMITS = { destination: 100, purpose: 100, passengersMax: 99 } as const;

/** The passenger counts a car type offers: 1 up to its seats (the spec's 99 when unknown). */
export const passengerChoices = (capacity: number | null | undefined) =>
  Array.from(
    {
      length:
        capacity && capacity > 0 ? Math.min(capacity, CUSTOMER_LIMITS.passengersMax) : CUSTOMER_LIMITS.passengersMax,
    },
    (_, i) => i + 1,
  );

/** Before each new-driver field name in the customer form. */
export const DRIVER_PREFIX = "driver_";

/** A new driver's licence type checkbox (`driver_license_type_ordinary`). */
export const driverLicenseTypeName = (code: LicenseType) => `${DRIVER_PREFIX}${licenseTypeFieldName(code)}`;
