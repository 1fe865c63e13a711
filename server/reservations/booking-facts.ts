import { PREF_OVERSEAS } from "#common/address";
import type { CancellationFeeStep } from "#common/counter";
import { FOREIGN_LICENSE_TYPES, isLicenseType } from "#common/license-types";
import { type Locale, pickLang } from "#common/locales";
import type { SiteBundle } from "#server/sites/site-bundle";
import type { ReserveSession } from "./reserve-session";

/**
 * What a booking's customer must know before paying and on the day (issue 40, item 2): the
 * passengers, the site's one cancellation schedule (the cancel page and the FAQ read the same
 * setting), what the total covers (the damage waiver) and what it does not (the NOC), and the
 * papers the driver brings. Data only: the confirmation, the completion page and the mails word it.
 */
export interface BookingFacts {
  passengers: number | null;
  /** The site's schedule, nearest first: `cancellationFee()` charges from the same steps. */
  cancellationFees: CancellationFeeStep[];
  /** The collision damage waiver: null when the car's class offers none. */
  damageWaiver: { chosen: boolean; fee: number } | null;
  /**
   * The site's non-operation charge if the car is damaged (0: none charged); the total never
   * includes it. `coveredBy`: the chosen option that waives it, named in the booking's language.
   */
  noc: { drivable: number; notDrivable: number; coveredBy: string | null };
  bring: DriverPapers;
}

/**
 * The papers the driver shows at pick-up: a Japanese licence; or, driving on a licence from
 * abroad, the passport with an international driving permit (1949 Geneva Convention) or with the
 * licence and its official Japanese translation. `oneOf`: the driver's licence type is not known
 * (or both are held), so the customer brings one of the sets.
 */
export type Paper = "licence" | "idp" | "translation";
export interface DriverPapers {
  papers: Paper[];
  oneOf: boolean;
}

export function driverPapers(licenseTypes: readonly string[], abroad: boolean): DriverPapers {
  const types = licenseTypes.filter(isLicenseType);
  const idp = types.includes("international");
  const translation = types.includes("foreign_translation");
  if (idp || translation)
    return {
      papers: [...(idp ? ["idp" as const] : []), ...(translation ? ["translation" as const] : [])],
      oneOf: idp && translation,
    };
  if (types.some((t) => !FOREIGN_LICENSE_TYPES.includes(t))) return { papers: ["licence"], oneOf: false };
  return abroad ? { papers: ["idp", "translation"], oneOf: true } : { papers: ["licence"], oneOf: false };
}

/** Whether a person's address (as the forms keep it) is outside Japan. */
export function livesAbroad(person: { prefCode?: number | null; country?: unknown } | null | undefined): boolean {
  if (!person) return false;
  if (person.prefCode === PREF_OVERSEAS) return true;
  return typeof person.country === "string" && person.country !== "" && person.country !== "JP";
}

/** What a booking (in the session, or made) states, from the site's settings and catalogue. */
export function bookingFacts(
  bundle: Pick<SiteBundle, "settings" | "catalogue">,
  input: {
    carTypeId: number;
    passengers: number | null;
    immunityFee: number;
    withImmunity: boolean;
    licenseTypes: readonly string[];
    abroad: boolean;
    optionIds: readonly (number | null)[];
    locale: Locale;
  },
): BookingFacts {
  const { settings, catalogue } = bundle;
  const carType = catalogue.carTypes.find((c) => c.id === input.carTypeId);
  const cover = catalogue.options.find((o) => o.coversNoc && input.optionIds.includes(o.id));
  const offered = carType ? catalogue.immunityFees.some((f) => f.classId === carType.classId) : false;
  return {
    passengers: input.passengers,
    cancellationFees: [...settings.cancellationFees].sort((a, b) => a.daysBefore - b.daysBefore),
    damageWaiver:
      offered || input.immunityFee > 0
        ? { chosen: input.withImmunity && input.immunityFee > 0, fee: input.immunityFee }
        : null,
    noc: {
      drivable: settings.nocDrivable,
      notDrivable: settings.nocNotDrivable,
      coveredBy: cover ? pickLang(cover, "optionName", input.locale) : null,
    },
    bring: driverPapers(input.licenseTypes, input.abroad),
  };
}

/** The licence types a booking's driver snapshot names (kept with it at submit, issue 40). */
export function snapshotLicenseTypes(driver: { licenseTypes?: unknown } | null | undefined): string[] {
  const types = driver?.licenseTypes;
  return Array.isArray(types) ? types.filter((t): t is string => typeof t === "string") : [];
}

/** The facts of a booking made: its row as stored (the completion page, the mails). */
export function reservationFacts(
  bundle: Pick<SiteBundle, "settings" | "catalogue">,
  r: {
    carTypeId: number;
    passengers: number | null;
    immunityFee: number;
    borrower: { prefCode?: number | null; country?: unknown } | null;
    driver: { prefCode?: number | null; country?: unknown; licenseTypes?: unknown } | null;
    options: readonly { optionId: number | null }[];
  },
  locale: Locale,
): BookingFacts {
  const licenseTypes = snapshotLicenseTypes(r.driver);
  return bookingFacts(bundle, {
    carTypeId: r.carTypeId,
    passengers: r.passengers,
    immunityFee: r.immunityFee,
    withImmunity: r.immunityFee > 0,
    licenseTypes,
    abroad: livesAbroad(r.borrower) || livesAbroad(r.driver),
    optionIds: r.options.map((o) => o.optionId),
    locale,
  });
}

/**
 * The facts of the booking in the session, before it is made (the confirmation): the fresh quote's
 * damage waiver, and the driver's licence types as chosen (a member's saved driver is passed in).
 */
export function sessionFacts(
  bundle: Pick<SiteBundle, "settings" | "catalogue">,
  session: Pick<ReserveSession, "carTypeId" | "passengers" | "borrower" | "driver" | "options">,
  quote: { withImmunity: boolean; fees: { immunityFee: number } | null },
  savedDriver: { licenseTypes: string[]; prefCode: number | null; country: string } | null,
  locale: Locale,
): BookingFacts {
  const d = session.driver;
  const driver =
    d?.mode === "new"
      ? { person: d.person as { prefCode?: number | null; country?: unknown }, licenseTypes: d.licenseTypes }
      : d?.mode === "saved" && savedDriver
        ? { person: savedDriver, licenseTypes: savedDriver.licenseTypes }
        : null;
  const immunityFee = quote.fees?.immunityFee ?? 0;
  return bookingFacts(bundle, {
    carTypeId: session.carTypeId,
    passengers: session.passengers,
    immunityFee,
    withImmunity: quote.withImmunity,
    licenseTypes: driver?.licenseTypes ?? [],
    abroad:
      livesAbroad(session.borrower as { prefCode?: number | null; country?: unknown } | null) ||
      livesAbroad(driver?.person),
    optionIds: session.options.map((o) => o.optionId),
    locale,
  });
}
