/**
 * Driving licence types a driver may hold (spec §3 Driver: `license_type`, a list of codes).
 * Japanese licence classes (道路交通法 第84条), first- and second-class, plus an international
 * driving permit and a foreign licence with its official Japanese translation for visitors. A driver may hold several, so the form shows checkboxes and the
 * database keeps a text[]. Labels are in the catalogues as `licenseType.<code>`.
 */
export const LICENSE_TYPES = [
  "ordinary",
  "ordinary_at",
  "semi_medium",
  "medium",
  "large",
  "ordinary_2",
  "medium_2",
  "large_2",
  "large_special",
  "motorcycle_large",
  "motorcycle_ordinary",
  "moped",
  "international",
  "foreign_translation",
] as const;

/**
 * Licences from abroad (spec §3 Driver): an international driving permit (1949 Geneva
 * Convention), or a licence from one of the countries whose licence Japan accepts with an official
 * Japanese translation (JAF or the embassy). Either needs the passport at the counter.
 */
export const FOREIGN_LICENSE_TYPES: readonly LicenseType[] = ["international", "foreign_translation"];

export type LicenseType = (typeof LICENSE_TYPES)[number];

export function isLicenseType(value: string): value is LicenseType {
  return (LICENSE_TYPES as readonly string[]).includes(value);
}

/** The catalogue key of a licence type's label. */
export const licenseTypeLabelKey = (code: LicenseType) => `licenseType.${code}` as const;

/** A licence number as lists show it: only the last four characters, the rest as dots. */
export function maskLicenseNumber(value: string): string {
  if (value.length <= 4) return value;
  return `${"•".repeat(Math.min(value.length - 4, 8))}${value.slice(-4)}`;
}
