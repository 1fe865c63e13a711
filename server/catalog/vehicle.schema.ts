import * as z from "zod/mini";
import { intField, optionalField, requiredField, toHalfWidth } from "#server/staff/admin-fields.schema";

/**
 * A vehicle as the back office edits it (spec §3 Car: registration number, colour, mileage), client-safe:
 * the store it is rented from, its car type, and whether it is in service or in the workshop.
 */
export const MAX_MILEAGE_KM = 9_999_999;

/** A choice of a list whose ids the server checks against the site (a select's value). */
export const idChoiceField = z.pipe(
  z._default(z.string(), ""),
  z.transform((raw, ctx) => {
    const value = raw.trim();
    if (value === "") {
      ctx.issues.push({ code: "custom", message: "required", input: raw });
      return 0;
    }
    if (!/^\d{1,9}$/.test(value)) {
      ctx.issues.push({ code: "custom", message: "invalid_choice", input: raw });
      return 0;
    }
    return Number(value);
  }),
);

export const VehicleSchema = z.object({
  store_id: idChoiceField,
  car_type_id: idChoiceField,
  // Plates are written with spaces and full-width digits alike: compared as typed, trimmed.
  registration_number: z.pipe(
    requiredField(30),
    z.transform((v) => toHalfWidth(v).replace(/\s+/g, " ")),
  ),
  color: optionalField(30),
  mileage_km: intField(0, MAX_MILEAGE_KM),
  in_service: z.enum(["1", "0"], "invalid_choice"),
});
export type VehicleInput = z.infer<typeof VehicleSchema>;

/** The form's strings for a saved vehicle. */
export function vehicleFormValues(v: {
  storeId: number;
  carTypeId: number;
  registrationNumber: string;
  color: string;
  mileageKm: number;
  inService: boolean;
}): Record<string, string> {
  return {
    store_id: String(v.storeId),
    car_type_id: String(v.carTypeId),
    registration_number: v.registrationNumber,
    color: v.color,
    mileage_km: String(v.mileageKm),
    in_service: v.inService ? "1" : "0",
  };
}

export const NEW_VEHICLE_VALUES: Record<string, string> = { mileage_km: "0", in_service: "1" };

/** The list's filter from the query string: anything that is not an id is no filter. */
export function vehicleFilter(params: URLSearchParams): {
  storeId: number | null;
  carTypeId: number | null;
  page: number;
} {
  const id = (name: string) => {
    const v = params.get(name) ?? "";
    return /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null;
  };
  return { storeId: id("store"), carTypeId: id("type"), page: id("page") ?? 1 };
}
