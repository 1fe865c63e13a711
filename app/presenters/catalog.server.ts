import { type Locale, pickLang } from "#common/locales";
import type { CarTypeOffer } from "#server/availability/search";
import type { VacancyMark } from "#server/availability/vacancy";
import { type FeeTable, feeTable } from "#server/pricing/fee-table";
import type { PriceBreakdown } from "#server/pricing/price";
import type { CarClassRow, CarOptionRow, CarTypeRow } from "#server/sites/site-bundle";

/** A car type as a result card shows it, in one language. */
export interface CarTypeSummary {
  id: number;
  classId: number;
  className: string;
  name: string;
  modelNames: string;
  capacity: number;
  displacementCc: number | null;
  doors: number | null;
  fuel: number;
  transmission: number;
  smoking: number;
  hasNavigation: boolean;
  hasEtc: boolean;
  isFourWd: boolean;
  images: string[];
  /** The first photo's small variant (320×200) for the result card's srcset, when it has one. */
  thumbnail: string | null;
}

/** The detail page adds the notes. */
export interface CarTypeView extends CarTypeSummary {
  notes: string;
}

export function carTypeSummary(t: CarTypeRow, c: CarClassRow, locale: Locale): CarTypeSummary {
  return {
    id: t.id,
    classId: c.id,
    className: pickLang(c, "className", locale),
    name: pickLang(t, "typeName", locale),
    modelNames: pickLang(t, "modelNames", locale),
    capacity: t.capacity,
    displacementCc: t.displacementCc,
    doors: t.doors,
    fuel: t.fuel,
    transmission: t.transmission,
    smoking: t.smoking,
    hasNavigation: t.hasNavigation,
    hasEtc: t.hasEtc,
    isFourWd: t.isFourWd,
    images: t.imagePaths,
    thumbnail: t.imageThumbPaths[0] || null,
  };
}

export function carTypeView(t: CarTypeRow, c: CarClassRow, locale: Locale): CarTypeView {
  return { ...carTypeSummary(t, c, locale), notes: pickLang(t, "notes", locale) };
}

export interface OptionView {
  id: number;
  name: string;
  price: number;
  priceUnit: number;
  maxQuantity: number;
}

export function optionView(o: CarOptionRow, locale: Locale): OptionView {
  return {
    id: o.id,
    name: pickLang(o, "optionName", locale),
    price: o.price,
    priceUnit: o.priceUnit,
    maxQuantity: o.maxQuantity,
  };
}

export interface OfferView {
  carType: CarTypeSummary;
  vehicles: number;
  remaining: number | null;
  mark: VacancyMark | null;
  price: PriceBreakdown | null;
  priceUnavailable: boolean;
  highSeason: boolean;
  withImmunity: boolean;
  immunityPerDay: number | null;
  feeTable: FeeTable | null;
}

export function offerView(o: CarTypeOffer, locale: Locale): OfferView {
  return {
    carType: carTypeSummary(o.carType, o.carClass, locale),
    vehicles: o.vehicles,
    remaining: o.remaining,
    mark: o.mark,
    price: o.price,
    priceUnavailable: o.priceUnavailable,
    highSeason: o.highSeason,
    withImmunity: o.withImmunity,
    immunityPerDay: o.immunityPerDay,
    // Cards show the fee table only when there is no period to price.
    feeTable: o.plan?.tiers && !o.price ? feeTable({ ...o.plan, tiers: o.plan.tiers }) : null,
  };
}
