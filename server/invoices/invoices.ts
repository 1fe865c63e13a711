import { and, asc, eq } from "drizzle-orm";
import type { ExtraKind } from "#common/counter";
import { type Locale, pickLang } from "#common/locales";
import { receiptNumber } from "#common/receipts";
import { isRegistrationNumber } from "#common/registration-number";
import type { Db } from "#server/db/client";
import { carClasses, carTypes, reservationPayments, type reservations, siteSettings, stores } from "#server/db/schema";
import { notFoundError } from "#server/errors";
import { itemsOf, type LedgerEntry } from "#server/ledger/ledger";
import { type RateSummary, STANDARD_RATE, summarizeByRate } from "./tax";

/**
 * Receipts and qualified invoices (issue 37, decision 044): one document per succeeded outcome of
 * the booking's ledger. A charge gives a receipt (領収書), which is a qualified invoice (適格請求書)
 * once the site has a registration number; a refund gives a return document (適格返還請求書). The
 * documents report outcomes, never plans: the amount is what moved, as the ledger holds it.
 *
 * The caller has already found the reservation the way its reader may (staff by their rights, a
 * member their own, a guest by a signed link); these functions never widen that.
 */

type Reservation = typeof reservations.$inferSelect;

/** What a line of the document is for; the presenter words it. */
export type InvoiceLineKind =
  | "rental"
  | "option"
  | "waiver"
  | "booking"
  | "change"
  | "cancellation_fee"
  | "return"
  | `extra_${ExtraKind}`
  | "refund_cancel"
  | "refund_change"
  | "refund_return"
  | "refund";

export interface InvoiceLine {
  kind: InvoiceLineKind;
  /** An option's name or a return line's words, in Japanese and in English (the booking's language when not Japanese). */
  label: { ja: string; en: string } | null;
  quantity: number | null;
  /** Integer yen, tax included. */
  amount: number;
  rate: number;
}

export interface ReceiptSummary {
  entryId: number;
  number: string;
  kind: "charge" | "refund";
  operation: LedgerEntry["operation"];
  method: LedgerEntry["method"];
  amount: number;
  at: Date;
}

export interface Invoice {
  /** `receipt` for a charge; `return` for a refund. */
  kind: "receipt" | "return";
  /** Whether it carries the registration number (a qualified invoice) or is a plain receipt. */
  qualified: boolean;
  number: string;
  /** The transaction: when the money moved (the outcome's time). */
  at: Date;
  timeZone: string;
  method: LedgerEntry["method"];
  /** Japanese, or Japanese with English for a booking made in another language. */
  bilingual: boolean;
  locale: Locale;
  issuer: { name: string; registrationNumber: string | null; storeName: string; tel: string };
  customer: { name: string; isCompany: boolean };
  reservation: {
    reserveNo: string;
    carType: { ja: string; en: string };
    carClass: { ja: string; en: string };
    store: { ja: string; en: string };
    returnStore: { ja: string; en: string };
    startAt: Date;
    endAt: Date;
  };
  lines: InvoiceLine[];
  rates: RateSummary[];
  total: number;
  /** A return document: the charge it gives back from, when the ledger names it. */
  original: { number: string; at: Date } | null;
}

async function succeededOutcomes(db: Db, siteId: string, reservationId: number): Promise<LedgerEntry[]> {
  const rows = await db
    .select()
    .from(reservationPayments)
    .where(and(eq(reservationPayments.siteId, siteId), eq(reservationPayments.reservationId, reservationId)))
    .orderBy(asc(reservationPayments.createdAt), asc(reservationPayments.id));
  return itemsOf(rows)
    .map((item) => item.outcome)
    .filter((o): o is LedgerEntry => o?.status === "succeeded" && o.amount > 0);
}

/** The booking's receipts, oldest first: one per succeeded charge or refund. */
export async function receiptsOf(db: Db, siteId: string, input: { reservationId: number }): Promise<ReceiptSummary[]> {
  const outcomes = await succeededOutcomes(db, siteId, input.reservationId);
  return outcomes.map((o) => ({
    entryId: o.id,
    number: receiptNumber(o),
    kind: o.kind,
    operation: o.operation,
    method: o.method,
    amount: o.amount,
    at: o.createdAt,
  }));
}

/** A name in Japanese and in English (the second language of a bilingual document; the font has no Hangul). */
const both = <K extends string>(row: Parameters<typeof pickLang<K>>[0], key: K) => ({
  ja: row[key],
  en: pickLang(row, key, "en"),
});

const sum = (amounts: number[]) => amounts.reduce((a, b) => a + b, 0);

/** What a charge paid for: the booking's own lines when they add up to it, else one line saying what it was. */
export function chargeLines(r: Reservation, entry: Pick<LedgerEntry, "operation" | "amount">): InvoiceLine[] {
  const line = (kind: InvoiceLineKind, amount: number, extra: Partial<InvoiceLine> = {}): InvoiceLine => ({
    kind,
    label: null,
    quantity: null,
    amount,
    rate: STANDARD_RATE,
    ...extra,
  });
  switch (entry.operation) {
    case "booking":
    case "pay_link":
    case "counter": {
      if (r.rentalFee + r.optionFee + r.immunityFee !== entry.amount) return [line("booking", entry.amount)];
      const options = r.options.filter((o) => o.quantity > 0 && o.fee > 0);
      const optionLines =
        sum(options.map((o) => o.fee)) === r.optionFee
          ? options.map((o) =>
              line("option", o.fee, {
                label: { ja: o.name.ja ?? Object.values(o.name)[0] ?? "", en: o.name.en ?? o.name.ja ?? "" },
                quantity: o.quantity,
              }),
            )
          : r.optionFee > 0
            ? [line("option", r.optionFee)]
            : [];
      return [
        line("rental", r.rentalFee),
        ...optionLines,
        ...(r.immunityFee > 0 ? [line("waiver", r.immunityFee)] : []),
      ];
    }
    case "change":
      return [line("change", entry.amount)];
    case "cancel":
      return [line("cancellation_fee", entry.amount)];
    case "return": {
      const extras = r.extras.filter((e) => e.amount > 0);
      if (extras.length === 0 || sum(extras.map((e) => e.amount)) !== entry.amount)
        return [line("return", entry.amount)];
      return extras.map((e) =>
        line(`extra_${e.kind}`, e.amount, { label: e.label ? { ja: e.label, en: e.label } : null }),
      );
    }
  }
}

function refundLine(entry: Pick<LedgerEntry, "operation" | "amount">): InvoiceLine {
  const kind: InvoiceLineKind =
    entry.operation === "cancel"
      ? "refund_cancel"
      : entry.operation === "change"
        ? "refund_change"
        : entry.operation === "return"
          ? "refund_return"
          : "refund";
  return { kind, label: null, quantity: null, amount: entry.amount, rate: STANDARD_RATE };
}

/**
 * The document of one ledger outcome of `reservation` (found by the caller as its reader may see it).
 * An entry of another booking, a failed or pending one, or an attempt, is not found.
 */
export async function invoiceFor(
  db: Db,
  siteId: string,
  input: { reservation: Reservation; entryId: number },
): Promise<Invoice> {
  const r = input.reservation;
  if (r.siteId !== siteId) throw notFoundError();
  const outcomes = await succeededOutcomes(db, siteId, r.id);
  const entry = outcomes.find((o) => o.id === input.entryId);
  if (!entry) throw notFoundError();
  const [[settings], [store], [returnStore], [car]] = await Promise.all([
    db
      .select({
        title: siteSettings.siteTitle,
        issuerName: siteSettings.invoiceIssuerName,
        registrationNumber: siteSettings.invoiceRegistrationNumber,
      })
      .from(siteSettings)
      .where(eq(siteSettings.siteId, siteId)),
    db
      .select()
      .from(stores)
      .where(and(eq(stores.siteId, siteId), eq(stores.id, r.storeId))),
    db
      .select()
      .from(stores)
      .where(and(eq(stores.siteId, siteId), eq(stores.id, r.returnStoreId ?? r.storeId))),
    db
      .select({ type: carTypes, carClass: carClasses })
      .from(carTypes)
      .innerJoin(carClasses, and(eq(carClasses.siteId, carTypes.siteId), eq(carClasses.id, carTypes.classId)))
      .where(and(eq(carTypes.siteId, siteId), eq(carTypes.id, r.carTypeId))),
  ]);
  if (!settings || !store || !car) throw notFoundError();
  const locale = (["ja", "en", "ko", "zh-TW"].includes(r.locale) ? r.locale : "ja") as Locale;
  // The database checks the pattern; the check digit is checked when staff save it. A number that
  // fails it here (typed before the check existed) does not make a qualified invoice.
  const registrationNumber =
    settings.registrationNumber && isRegistrationNumber(settings.registrationNumber)
      ? settings.registrationNumber
      : null;
  const lines = entry.kind === "refund" ? [refundLine(entry)] : chargeLines(r, entry);
  const borrower = r.borrower;
  const company = borrower?.company?.trim() ?? "";
  const original =
    entry.kind === "refund"
      ? (outcomes.find((o) => o.kind === "charge" && entry.paymentId !== null && o.paymentId === entry.paymentId) ??
        null)
      : null;
  return {
    kind: entry.kind === "refund" ? "return" : "receipt",
    qualified: registrationNumber !== null,
    number: receiptNumber(entry),
    at: entry.createdAt,
    timeZone: store.timeZone,
    method: entry.method,
    bilingual: locale !== "ja",
    locale,
    issuer: {
      name: settings.issuerName.trim() || settings.title,
      registrationNumber,
      storeName: store.storeName,
      tel: store.tel,
    },
    customer: { name: company || borrower?.name || "", isCompany: company !== "" },
    reservation: {
      reserveNo: r.reserveNo,
      carType: both(car.type, "typeName"),
      carClass: both(car.carClass, "className"),
      store: both(store, "storeName"),
      returnStore: both(returnStore ?? store, "storeName"),
      startAt: r.startAt,
      endAt: r.endAt,
    },
    lines,
    rates: summarizeByRate(lines),
    total: entry.amount,
    original: original ? { number: receiptNumber(original), at: original.createdAt } : null,
  };
}
