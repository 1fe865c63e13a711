import { type Locale, pickLang } from "../../app/i18n/locales";
import type { CarTypeOffer } from "../availability/search";
import type { PriceBreakdown } from "../pricing/price";
import type { CarClassRow, CarOptionRow, CarTypeRow, FeePlanRow } from "../sites/site-bundle";

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
  };
}

export function carTypeView(t: CarTypeRow, c: CarClassRow, locale: Locale): CarTypeView {
  return { ...carTypeSummary(t, c, locale), notes: pickLang(t, "notes", locale) };
}

/** One row of a fee table: a tier's message key (with its count) and its price. */
export interface FeeRow {
  tier: "upTo" | "extraHour" | "extraDay" | "sameDay" | "nights" | "nights14" | "month";
  n?: number;
  price: number;
}

export interface FeeTableView {
  mode: number;
  isHighSeason: boolean;
  effectiveFrom: string;
  rows: FeeRow[];
}

export function feeTableView(plan: FeePlanRow): FeeTableView {
  const rows: FeeRow[] = [];
  const add = (tier: FeeRow["tier"], price: number | null, n?: number) => {
    if (price !== null) rows.push(n === undefined ? { tier, price } : { tier, n, price });
  };
  add("upTo", plan.upTo3h, 3);
  add("upTo", plan.upTo6h, 6);
  add("upTo", plan.upTo12h, 12);
  add("upTo", plan.upTo24h, 24);
  add("sameDay", plan.sameDay);
  [plan.nights1, plan.nights2, plan.nights3, plan.nights4, plan.nights5, plan.nights6, plan.nights7].forEach((p, i) => {
    add("nights", p, i + 1);
  });
  add("nights14", plan.nights14);
  add("month", plan.month);
  add("extraHour", plan.extraHour);
  add("extraDay", plan.extraDay);
  return { mode: plan.mode, isHighSeason: plan.isHighSeason, effectiveFrom: plan.effectiveFrom, rows };
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

/** Options a store offers for a class (an empty list on the option means everywhere). */
export function optionsFor(options: CarOptionRow[], storeId: number, classId: number): CarOptionRow[] {
  return options.filter(
    (o) =>
      (o.storeIds.length === 0 || o.storeIds.includes(storeId)) &&
      (o.classIds.length === 0 || o.classIds.includes(classId)),
  );
}

export interface OfferView {
  carType: CarTypeSummary;
  vehicles: number;
  remaining: number | null;
  price: PriceBreakdown | null;
  withImmunity: boolean;
  immunityPerDay: number | null;
  feeTable: FeeTableView | null;
}

export function offerView(o: CarTypeOffer, locale: Locale): OfferView {
  return {
    carType: carTypeSummary(o.carType, o.carClass, locale),
    vehicles: o.vehicles,
    remaining: o.remaining,
    price: o.price,
    withImmunity: o.withImmunity,
    immunityPerDay: o.immunityPerDay,
    // Cards show the fee table only when there is no period to price.
    feeTable: o.plan && !o.price ? feeTableView(o.plan) : null,
  };
}
