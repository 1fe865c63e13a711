// The driver form's field names and image limits: what the fields render with, apart from the
// schema (server/drivers/driver.schema.ts, which re-exports them), so a component need not import
// the schema for them.
import type { LicenseType } from "./license-types";

export const IMAGE_SLOTS = [1, 2, 3, 4] as const;
/** Spec §9: an ID image is at most 10 MB, and a driver has at most four. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGES = IMAGE_SLOTS.length;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const imageFieldName = (slot: number) => `driver_image${slot}`;
export const imageRemoveName = (slot: number) => `driver_image${slot}_remove`;
/** Each licence type is its own checkbox (`license_type_ordinary=1`), so a form's entries stay one value per name. */
export const licenseTypeFieldName = (code: LicenseType) => `license_type_${code}`;
