import { formObject, issuesToErrors } from "#app/lib/forms";
import type { AdminLocale } from "#common/admin";
import type { ReasonLike } from "#common/app-error";
import { formatDateTime } from "#common/format";
import { optionChoicesOf, PhoneQuoteSchema } from "#server/counter/counter.schema";
import { quoteAtCounter } from "#server/counter/phone-booking";
import type { Db } from "#server/db/client";
import { AppError } from "#server/errors";
import type { CarOptionRow, SiteBundle } from "#server/sites/site-bundle";
import type { Actor } from "#server/staff/permissions";

/**
 * The phone booking form's choices and its quote (issue 37), worded for the back office: the options
 * the site offers with their prices, and what the car, period, options and waiver typed so far cost,
 * by the public site's quote. The page's action (the "recalculate" button, without JavaScript) and
 * the live quote's resource route both answer with `phoneQuoteAnswer`.
 */

export interface PhoneOptionChoice {
  id: number;
  name: string;
  price: number;
  /** 1 per rental, 2 per day. */
  priceUnit: number;
  max: number;
  /** Empty: every store (or every class). */
  storeIds: number[];
  classIds: number[];
}

export interface PhoneQuote {
  storeName: string;
  carTypeName: string;
  from: string;
  until: string;
  rentCarFee: number;
  optionFee: number;
  immunityFee: number;
  total: number;
  remaining: number | null;
  options: { id: number; name: string; quantity: number; fee: number }[];
}

export interface PhoneQuoteAnswer {
  quote: PhoneQuote | null;
  errors: Record<string, ReasonLike>;
}

const optionName = (o: CarOptionRow, locale: AdminLocale) => (locale === "en" ? o.optionNameEn : null) || o.optionName;

/** What the form offers: every option of the site (the page keeps those of the chosen store and class), the waiver by class. */
export function phoneChoices(bundle: SiteBundle, locale: AdminLocale) {
  return {
    options: bundle.catalogue.options.map(
      (o): PhoneOptionChoice => ({
        id: o.id,
        name: optionName(o, locale),
        price: o.price,
        priceUnit: o.priceUnit,
        max: o.maxQuantity,
        storeIds: o.storeIds,
        classIds: o.classIds,
      }),
    ),
    classOfType: Object.fromEntries(bundle.catalogue.carTypes.map((t) => [t.id, t.classId])) as Record<number, number>,
    immunityByClass: Object.fromEntries(bundle.catalogue.immunityFees.map((f) => [f.classId, f.pricePerDay])) as Record<
      number,
      number
    >,
  };
}

/** The quote of a phone booking form's fields, or why there is none (by field, or the form's). */
export async function phoneQuoteAnswer(
  db: Db,
  siteId: string,
  actor: Actor,
  form: FormData,
  bundle: SiteBundle,
  locale: AdminLocale,
): Promise<PhoneQuoteAnswer> {
  const fields = formObject(form);
  const parsed = PhoneQuoteSchema.safeParse(fields);
  if (!parsed.success) return { quote: null, errors: issuesToErrors(parsed.error.issues) };
  try {
    const quote = await quoteAtCounter(
      db,
      siteId,
      actor,
      { ...parsed.data, options: optionChoicesOf(fields) },
      bundle,
      new Date(),
    );
    if (!quote.fees || !quote.period) return { quote: null, errors: { form: { code: "no_cars_in_period" } } };
    const zone = quote.store.timeZone;
    return {
      quote: {
        storeName: quote.store.storeName,
        carTypeName: quote.carType.typeName,
        from: formatDateTime(quote.period.start, zone),
        until: formatDateTime(quote.period.end, zone),
        rentCarFee: quote.fees.rentCarFee,
        optionFee: quote.fees.optionFee,
        immunityFee: quote.fees.immunityFee,
        total: quote.fees.total,
        remaining: quote.remaining,
        options: quote.options
          .filter((o) => o.quantity > 0)
          .map((o) => ({ id: o.option.id, name: optionName(o.option, locale), quantity: o.quantity, fee: o.fee })),
      },
      errors: {},
    };
  } catch (error) {
    if (error instanceof AppError && (error.details.fieldErrors || error.details.reason) && error.status !== 404) {
      return {
        quote: null,
        errors: {
          ...(error.details.fieldErrors ?? {}),
          ...(error.details.reason ? { form: error.details.reason } : {}),
        },
      };
    }
    throw error;
  }
}
