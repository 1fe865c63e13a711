import { zoneMessage } from "#app/i18n/labels";
import { CATALOGUES, type MessageKey, type Messages, translate } from "#app/i18n/messages";
import { type PluralKey, translatePlural } from "#app/i18n/translate";
import { formatPersonAddress } from "#common/address";
import { DEFAULT_TIME_ZONE } from "#common/calendar-date";
import { formatAddress, formatDateTime, formatIsoDate, formatYen } from "#common/format";
import {
  DEFAULT_LOCALE,
  LOCALE_NAMES,
  LOCALE_PREFIX,
  LOCALES,
  type Locale,
  localizePath,
  pickLang,
} from "#common/locales";
import { formatPhone } from "#common/phone";
import { telShown } from "#common/tel";
import { bookingIcs, isKnownTimeZone } from "#server/calendar/ics";
import type { ReservationOption, ReservationPerson } from "#server/db/schema";
import type { AppServices } from "#server/http/context";
import { receiptsLinkFor } from "#server/invoices/receipt-link";
import { type MailAttachment, MailMessageSchema } from "#server/mail/message";
import {
  type BookingMailComposer,
  PAY_METHOD,
  type RenderedMail,
  type Reservation,
} from "#server/reservations/booking";
import { reservationFacts } from "#server/reservations/booking-facts";
import { payLinkFor } from "#server/reservations/pay-link";
import type { SiteBundle } from "#server/sites/site-bundle";
import { factsMailLines, ruleMailLines } from "./booking-facts-mail.server";
import { cancelWay } from "./cancel-way.server";
import { storeOpening, type Taker } from "./store-opening";

/**
 * The booking mails (spec §4 completion, docs/decisions/021-booking.md), plain text:
 * - `borrower`: the confirmation, in the booking's language, with the time zone, every fee, the
 *   payment method, the store to call and, for a member, the reservation in My Page;
 * - `store`: the notification to the store's address, always in Japanese, with the same facts and
 *   the renter's and driver's contact details (the rental company needs them; they are never logged).
 * An address that is missing or not a valid e-mail gives no mail rather than a failed booking.
 */

/** Loads the site's bundle (cached) and returns its composer; used by the submit and the payment webhook. */
export function bookingMails(
  services: Pick<AppServices, "db" | "siteCache">,
  origin: string,
): (siteId: string) => Promise<BookingMailComposer> {
  return async (siteId) => {
    const bundle = await services.siteCache.get(services.db, siteId);
    if (!bundle) throw new Error("booking mails: unknown site");
    return composeBookingMails(bundle, origin);
  };
}

/**
 * `bookingMails` with one site's composer loaded now, before any transaction. The submit and the
 * payment settlement ask for the composer inside their transaction; on the embedded database (one
 * connection) a query of the site cache there would wait for that transaction forever, so a caller
 * that knows the site (a payment event names it in its metadata) loads it first.
 */
export async function bookingMailsFor(
  services: Pick<AppServices, "db" | "siteCache">,
  origin: string,
  siteId: string | null,
): Promise<(siteId: string) => Promise<BookingMailComposer>> {
  const load = bookingMails(services, origin);
  const ready = siteId ? await load(siteId).catch(() => null) : null;
  return (id) => (ready && id === siteId ? Promise.resolve(ready) : load(id));
}

const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);
const validAddress = (value: string | null | undefined): value is string =>
  !!value && MailMessageSchema.shape.to.safeParse(value).success;
const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

/** An option's name as booked, in the language (the snapshot may key it by locale or by URL prefix). */
function optionName(option: ReservationOption, locale: Locale): string {
  const names = option.name ?? {};
  return names[locale] || names[LOCALE_PREFIX[locale]] || names.ja || Object.values(names).find(Boolean) || "";
}

/** The absolute URL of one of the member's reservations in My Page, in the booking's language. */
export const myPageReservationUrl = (origin: string, siteId: string, locale: Locale, reservationId: number) =>
  `${origin}${localizePath(locale, `/${siteId}/mypage/reserves/${reservationId}`)}`;

/** The composer of one site: pure. `takenBy`: who took a counter booking (the store's mail names them). */
export function composeBookingMails(bundle: SiteBundle, origin: string, taker: Taker = {}): BookingMailComposer {
  const siteId = bundle.client.siteId;
  return (reservation) => {
    const locale = isLocale(reservation.locale) ? reservation.locale : DEFAULT_LOCALE;
    const storeEmail = bundle.stores.find((s) => s.id === reservation.storeId)?.email;
    const borrowerEmail = reservation.borrower?.email;
    return {
      borrower: validAddress(borrowerEmail)
        ? borrowerMail(bundle, origin, siteId, reservation, locale, borrowerEmail)
        : null,
      store: validAddress(storeEmail) ? storeMail(bundle, reservation, storeEmail, taker.takenBy ?? "") : null,
    };
  };
}

/** One mail's words: the catalogue of its language and the helpers every section uses. */
export function writer(bundle: SiteBundle, reservation: Reservation, locale: Locale) {
  const m: Messages = CATALOGUES[locale];
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(m, key, params);
  const tp = (key: PluralKey, count: number, params?: Record<string, string | number>) =>
    translatePlural(m, locale, key, count, params);
  const none = t("bookingMail.none");
  const line = (label: MessageKey, value: string | number | null | undefined) =>
    t("bookingMail.line", {
      label: t(label),
      value: value === null || value === undefined || value === "" ? none : value,
    });
  /** A label whose values follow on the next lines. */
  const header = (label: MessageKey) => t("bookingMail.line", { label: t(label), value: "" }).trimEnd();
  const yen = (amount: number) => formatYen(amount, locale);
  const store = bundle.stores.find((s) => s.id === reservation.storeId) ?? null;
  const returnStore = bundle.stores.find((s) => s.id === (reservation.returnStoreId ?? reservation.storeId)) ?? store;
  const carType = bundle.catalogue.carTypes.find((c) => c.id === reservation.carTypeId) ?? null;
  const carClass = carType ? (bundle.catalogue.classes.find((c) => c.id === carType.classId) ?? null) : null;
  const zone = store?.timeZone ?? "Asia/Tokyo";
  const zoneWords = zoneMessage(zone);
  const when = (date: Date) =>
    t("bookingMail.dateTime", {
      dateTime: formatDateTime(new Date(date), zone),
      zone: t(zoneWords.key, zoneWords.params),
    });
  const storeName = store ? pickLang(store, "storeName", locale) : "";
  const site = pickLang(bundle.settings, "siteTitle", locale);

  const payMethod = () => {
    const r = reservation;
    if (r.payMethod === PAY_METHOD.advanceCard)
      return t(r.paymentStatus === "paid" ? "bookingMail.pay.1.paid" : "bookingMail.pay.1");
    const label = t(`bookingMail.pay.${r.payMethod}` as MessageKey);
    const text = r.payMethod === PAY_METHOD.other ? (r.payMethodOther ?? "").trim() : "";
    return text ? t("bookingMail.pay.other", { label, text }) : label;
  };

  /** The booking as both mails state it: what, where, when, how much and how it is paid. */
  const facts = (): string[] => {
    const r = reservation;
    const options = r.options.filter((o) => o.quantity > 0);
    const rows = [
      t("bookingMail.section.reservation"),
      line("bookingMail.label.reserveNo", r.reserveNo),
      line("bookingMail.label.store", storeName),
    ];
    if (returnStore && store && returnStore.id !== store.id)
      rows.push(line("bookingMail.label.returnStore", pickLang(returnStore, "storeName", locale)));
    rows.push(
      line("bookingMail.label.departure", when(r.startAt)),
      line("bookingMail.label.return", when(r.endAt)),
      line("bookingMail.label.class", carClass ? pickLang(carClass, "className", locale) : ""),
      line("bookingMail.label.carType", carType ? pickLang(carType, "typeName", locale) : ""),
    );
    if (options.length === 0) rows.push(line("bookingMail.label.options", t("bookingMail.noOptions")));
    else {
      rows.push(header("bookingMail.label.options"));
      for (const o of options)
        rows.push(t("bookingMail.optionLine", { name: optionName(o, locale), quantity: o.quantity, fee: yen(o.fee) }));
    }
    if (r.optionNotPossibleType === 1 || r.optionNotPossibleType === 2)
      rows.push(
        line(
          "bookingMail.label.optionNotPossible",
          t(`bookingMail.optionNotPossible.${r.optionNotPossibleType}` as MessageKey),
        ),
      );
    const remarks = r.remarks.trim();
    // Free text of several lines starts below its label, so no line of it reads as another field.
    if (remarks.includes("\n")) rows.push(header("bookingMail.label.remarks"), remarks);
    else if (remarks) rows.push(line("bookingMail.label.remarks", remarks));
    rows.push(
      "",
      t("bookingMail.section.fees"),
      line("bookingMail.label.rentalFee", yen(r.rentalFee)),
      line("bookingMail.label.optionFee", yen(r.optionFee)),
      line("bookingMail.label.immunityFee", yen(r.immunityFee)),
      line("bookingMail.label.total", yen(r.totalFee)),
      "",
      t("bookingMail.section.payment"),
      line("bookingMail.label.payMethod", payMethod()),
    );
    return rows;
  };

  // Dialled from abroad by a reader of another language: +81 (the store's mail keeps it as written).
  const storeTel = store?.tel ? telShown(store.tel, locale) : "";
  /** What the customer must know (issue 40): passengers, what the total covers, the rule, what to bring. */
  const bookingFacts = () => reservationFacts(bundle, reservation, locale);
  const customerFacts = () => factsMailLines(bookingFacts(), { t, tp, yen });
  const cancellationRule = () => ruleMailLines(bookingFacts(), { t, tp, yen });
  return { t, line, yen, facts, store, storeName, storeTel, site, locale, when, customerFacts, cancellationRule };
}

function borrowerMail(
  bundle: SiteBundle,
  origin: string,
  siteId: string,
  reservation: Reservation,
  locale: Locale,
  to: string,
): RenderedMail {
  const w = writer(bundle, reservation, locale);
  const { t, line, facts, storeName, site } = w;
  const borrower = reservation.borrower as ReservationPerson;
  const name = borrower.userType === 2 && borrower.company ? `${borrower.company} ${borrower.name}` : borrower.name;
  const tel = w.storeTel;
  const body = [
    t("bookingMail.borrower.greeting", { name }),
    "",
    t("bookingMail.borrower.lead", { site }),
    "",
    ...facts(),
    "",
    ...w.customerFacts(),
    "",
    // The renter's own details as given, so a mistyped phone or address is seen at once.
    t("bookingMail.section.borrower"),
    ...personLines(
      {
        name: borrower.name,
        kana: borrower.kana,
        tel: borrower.tel,
        zip: borrower.zip,
        prefCode: borrower.prefCode,
        country: borrower.country,
        addressA: borrower.addressA,
        addressB: borrower.addressB,
      },
      w,
    ),
    "",
    t("bookingMail.section.store"),
    line("bookingMail.label.storeName", storeName),
    line("bookingMail.label.tel", tel),
    "",
  ];
  // Where customers cancel online (My Page, or the signed link), the store is called only for changes;
  // the completion page offers the same way (issue 37).
  const way = cancelWay(bundle, reservation);
  const contact = way ? "bookingMail.borrower.contactChange" : "bookingMail.borrower.contact";
  if (tel) body.push(t(contact, { store: storeName, tel }), "");
  const pay = payLinkFor(siteId, reservation);
  if (pay)
    body.push(
      t("bookingMail.borrower.payLink", {
        total: w.yen(reservation.totalFee),
        deadline: w.when(reservation.startAt),
        url: `${origin}${localizePath(locale, `/${siteId}/reserve/pay`)}?${new URLSearchParams({ ...pay })}`,
      }),
      "",
    );
  if (reservation.memberId !== null) {
    const url = myPageReservationUrl(origin, siteId, locale, reservation.id);
    body.push(
      way?.kind === "member"
        ? t("bookingMail.borrower.cancelMyPage", { deadline: w.when(way.deadline), url })
        : t("bookingMail.borrower.mypage", { url }),
      "",
    );
  } else {
    // A guest has no My Page: the signed link lets them cancel online until the site's deadline.
    if (way?.kind === "guest")
      body.push(
        t("bookingMail.borrower.cancelOnline", {
          deadline: w.when(way.deadline),
          url: `${origin}${localizePath(locale, `/${siteId}/reserve/cancel`)}?${new URLSearchParams({ ...way.link })}`,
        }),
        "",
      );
    // Nor a place for receipts: the signed link lists each payment's receipt (issue 37).
    const receipts = receiptsLinkFor(siteId, reservation);
    body.push(
      t("invoice.mailLink", {
        url: `${origin}${localizePath(locale, `/${siteId}/reserve/receipts`)}?${new URLSearchParams({ ...receipts })}`,
      }),
      "",
    );
  }
  body.push(t("bookingMail.borrower.closing", { site }));
  return {
    to,
    subject: oneLine(t("bookingMail.borrower.subject", { site, reserveNo: reservation.reserveNo })),
    text: body.join("\n"),
    // Stamped with the booking's creation, so a resent confirmation is the same file.
    attachments: [calendarFile(bundle, reservation, w, { stamp: reservation.createdAt })],
  };
}

/**
 * The booking as one calendar event (issue 25, decision 035): departure to return at the store, in
 * the store's time zone, in the customer's language. Every mail about the booking carries the same
 * UID, so a calendar replaces the event: SEQUENCE is the booking's revision (a change raises it), and
 * a cancellation is METHOD:CANCEL one step above. The UID names no host: change and cancellation
 * mails are written without the request's origin, and a UID must outlive a change of PUBLIC_ORIGIN.
 */
export function calendarFile(
  bundle: SiteBundle,
  reservation: Reservation,
  w: ReturnType<typeof writer>,
  options: { stamp: Date; cancelled?: boolean },
): MailAttachment {
  const { t, line, store, storeName, site, locale } = w;
  const carType = bundle.catalogue.carTypes.find((c) => c.id === reservation.carTypeId) ?? null;
  const carTypeName = carType ? pickLang(carType, "typeName", locale) : "";
  const zone = store && isKnownTimeZone(store.timeZone) ? store.timeZone : DEFAULT_TIME_ZONE;
  const address = store
    ? formatAddress(locale, {
        zip: store.zip ?? "",
        region: pickLang(store, "addressA", locale) ?? "",
        street: pickLang(store, "addressB", locale) ?? "",
      })
    : "";
  const summary = t(options.cancelled ? "bookingMail.ics.cancelledSummary" : "bookingMail.ics.summary", {
    carType: carTypeName,
    store: storeName,
  });
  const description = [
    t("bookingMail.ics.description", { site, reserveNo: reservation.reserveNo }),
    line("bookingMail.label.reserveNo", reservation.reserveNo),
    line("bookingMail.label.store", storeName),
    ...(w.storeTel ? [line("bookingMail.label.tel", w.storeTel)] : []),
  ].join("\n");
  return bookingIcs({
    siteId: bundle.client.siteId,
    reserveNo: reservation.reserveNo,
    sequence: reservation.revision + (options.cancelled ? 1 : 0),
    start: new Date(reservation.startAt),
    end: new Date(reservation.endAt),
    timeZone: zone,
    summary: oneLine(summary),
    description,
    location: [storeName, address].filter(Boolean).join(" "),
    cancelled: options.cancelled,
    now: new Date(options.stamp ?? Date.now()),
  });
}

/**
 * A renter's or driver's contact details in the mail's language: a Japanese address in that
 * language's order, one abroad in its country's order with the country named.
 */
function personLines(person: ReservationPerson, w: ReturnType<typeof writer>): string[] {
  const { t, line } = w;
  const withKana = (name: string, kana: string | undefined) =>
    kana ? t("bookingMail.nameWithKana", { name, kana }) : name;
  const rows: string[] = [];
  if (person.userType === 1 || person.userType === 2)
    rows.push(line("bookingMail.label.userType", t(`bookingMail.userType.${person.userType}` as MessageKey)));
  if (person.company) rows.push(line("bookingMail.label.company", withKana(person.company, person.companyKana)));
  rows.push(line("bookingMail.label.name", withKana(person.name, person.kana)));
  if (person.email) rows.push(line("bookingMail.label.email", person.email));
  // The store calls from Japan: a Japanese number as dialled here, any other with its country code.
  rows.push(line("bookingMail.label.tel", formatPhone(person.tel)));
  const address = formatPersonAddress(w.locale, person, (code) => t(`pref.${code}` as MessageKey));
  if (address) rows.push(line("bookingMail.label.address", address));
  if (person.birthdate) rows.push(line("bookingMail.label.birthdate", formatIsoDate(person.birthdate)));
  if (person.licenseNumber) rows.push(line("bookingMail.label.licenseNumber", person.licenseNumber));
  return rows;
}

const samePerson = (a: ReservationPerson | null, b: ReservationPerson | null) =>
  !!a && !!b && JSON.stringify(a) === JSON.stringify(b);

function storeMail(bundle: SiteBundle, r: Reservation, to: string, takenBy: string): RenderedMail {
  const w = writer(bundle, r, "ja");
  const { t, line, facts, storeName, site } = w;
  const language = isLocale(r.locale) ? LOCALE_NAMES[r.locale] : r.locale;
  const opening = storeOpening(r, t, site, takenBy);
  const body = [
    t("bookingMail.store.greeting", { store: storeName }),
    "",
    ...opening.lead,
    "",
    ...facts(),
    "",
    t("bookingMail.section.borrower"),
    line(
      "bookingMail.label.customer",
      r.memberId !== null ? t("bookingMail.store.member", { id: r.memberId }) : t("bookingMail.store.guest"),
    ),
    line("bookingMail.label.language", language),
    ...(r.borrower ? personLines(r.borrower, w) : [line("bookingMail.label.name", "")]),
  ];
  if (r.destination) body.push(line("bookingMail.label.destination", r.destination));
  if (r.purpose) body.push(line("bookingMail.label.purpose", r.purpose));
  if (r.passengers !== null)
    body.push(line("bookingMail.label.passengers", t("bookingMail.passengerCount", { count: r.passengers })));
  body.push("", t("bookingMail.section.driver"));
  if (r.driverId === null && (samePerson(r.driver, r.borrower) || !r.driver)) body.push(t("bookingMail.driverSame"));
  else if (r.driver) body.push(...personLines(r.driver, w));
  body.push("", t("bookingMail.store.closing", { site }));
  return {
    to,
    subject: oneLine(opening.subject),
    text: body.join("\n"),
  };
}

/** What a notice about a booking says beyond its facts, for the customer or for the store. */
interface NoticeParts {
  subject: string;
  lead: string;
  /** The lines after the booking's facts. */
  after: string[];
  /** Files for the customer (the booking's `.ics`). */
  attachments?: MailAttachment[];
}

/**
 * A notice about a booking already made (a change, a cancellation): to the customer in the booking's
 * language and to the store in Japanese, the booking's facts between the notice's lead and its lines.
 */
export function composeNotice(
  bundle: SiteBundle,
  reservation: Reservation,
  parts: (w: ReturnType<typeof writer>, audience: "borrower" | "store") => NoticeParts,
): { borrower: RenderedMail | null; store: RenderedMail | null } {
  const locale = isLocale(reservation.locale) ? reservation.locale : DEFAULT_LOCALE;
  const storeEmail = bundle.stores.find((s) => s.id === reservation.storeId)?.email;
  const borrowerEmail = reservation.borrower?.email;
  const mail = (readerLocale: Locale, to: string, audience: "borrower" | "store"): RenderedMail => {
    const w = writer(bundle, reservation, readerLocale);
    const { t, facts, storeName, site } = w;
    const notice = parts(w, audience);
    const body = [
      audience === "borrower"
        ? t("bookingMail.borrower.greeting", { name: reservation.borrower?.name ?? "" })
        : t("bookingMail.store.greeting", { store: storeName }),
      "",
      notice.lead,
      "",
      ...facts(),
      "",
      ...notice.after,
      "",
      audience === "borrower" ? t("bookingMail.borrower.closing", { site }) : t("bookingMail.store.closing", { site }),
    ];
    return {
      to,
      subject: oneLine(notice.subject),
      text: body.join("\n"),
      ...(notice.attachments ? { attachments: notice.attachments } : {}),
    };
  };
  return {
    borrower: validAddress(borrowerEmail) ? mail(locale, borrowerEmail, "borrower") : null,
    store: validAddress(storeEmail) ? mail("ja", storeEmail, "store") : null,
  };
}
