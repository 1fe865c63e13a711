import { and, eq, isNull, sql } from "drizzle-orm";
import { zonedInstant } from "#common/calendar-date";
import { parsePhone } from "#common/phone";
import { recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { auditLog, members, type ReservationPerson, staff } from "#server/db/schema";
import { AppError, type FieldReasons } from "#server/errors";
import type { BookingDeps, BookingMailComposer, SubmitAnswer } from "#server/reservations/booking";
import { type Quote, quoteReservation } from "#server/reservations/quote";
import { ReserveSessionSchema } from "#server/reservations/reserve-session";
import { submitReservation } from "#server/reservations/submit";
import { counterBundle } from "#server/reservations/submit-preflight";
import type { SiteBundle } from "#server/sites/site-bundle";
import { type Actor, authorize } from "#server/staff/permissions";
import type { PhoneBookingInput, PhoneQuoteInput } from "./counter.schema";
import { bookableQuote, counterSearch } from "./counter-quote";

/**
 * A booking taken at the counter (issue 24): a phone call or a walk-in, for a member found by
 * e-mail or a new customer. The public site's quote prices it and its submit books it, so the price,
 * the capacity guard and the idempotency are the same; only web suspension and the web's lead time
 * do not apply, and payment is taken at the store.
 */

/** The member the e-mail names on this site (withdrawn ones have no e-mail). */
async function memberOf(db: Db, siteId: string, email: string) {
  if (!email) return null;
  const [member] = await db
    .select()
    .from(members)
    .where(
      and(
        eq(members.siteId, siteId),
        sql`lower(${members.email}) = ${email.toLowerCase()}`,
        isNull(members.withdrawnAt),
      ),
    );
  return member ?? null;
}

/** The car, period and waiver of a phone booking, with the quantity typed for each option (`option_{id}`). */
export interface PhoneQuoteRequest extends PhoneQuoteInput {
  /** As typed, zeros included; a quantity that is not a whole number is NaN (refused, never read as none). */
  options: { optionId: number; quantity: number }[];
}

/** A phone booking as the form sends it. */
export type PhoneBookingRequest = PhoneBookingInput & PhoneQuoteRequest;

/**
 * The options chosen, checked against what the store offers for the car type: an option it does not
 * offer, or more than the option's limit, is refused on the option's field. The public quote would
 * drop the one and clamp the other; staff reading a price out on the phone must not book something
 * other than what they typed.
 */
function chosenOptions(quote: Quote, typed: PhoneQuoteRequest["options"]): { optionId: number; quantity: number }[] {
  const offered = new Map(quote.options.map((o) => [o.option.id, o.option]));
  const fieldErrors: FieldReasons = {};
  const chosen: { optionId: number; quantity: number }[] = [];
  for (const { optionId, quantity } of typed) {
    const field = `option_${optionId}`;
    const option = offered.get(optionId);
    if (!Number.isInteger(quantity) || quantity < 0) fieldErrors[field] = { code: "number_invalid" };
    else if (quantity === 0) continue;
    else if (!option) fieldErrors[field] = { code: "option_unknown" };
    else if (quantity > option.maxQuantity)
      fieldErrors[field] = { code: "option_over_max", params: { max: option.maxQuantity } };
    else chosen.push({ optionId, quantity });
  }
  if (Object.keys(fieldErrors).length) throw new AppError("invalid_input", { fieldErrors });
  return chosen;
}

/** What the booking would cost and whether a car is free: the counter's confirmation. */
export async function quoteAtCounter(
  db: Db,
  siteId: string,
  actor: Actor,
  input: PhoneQuoteRequest,
  bundle: SiteBundle,
  now: Date,
): Promise<Quote & { chosen: { optionId: number; quantity: number }[] }> {
  authorize(actor, "store.reservations", input.store_id);
  const ask = (options: readonly { optionId: number; quantity: number }[]) =>
    quoteReservation(db, siteId, {
      bundle: counterBundle(bundle),
      storeId: input.store_id,
      carTypeId: input.car_type_id,
      search: counterSearch(input),
      options,
      withImmunity: input.with_immunity,
      now,
    });
  // The quote lists every option the store offers for the car type; what was typed is checked against it.
  const valid = input.options.filter((o) => Number.isInteger(o.quantity) && o.quantity > 0);
  const quote = bookableQuote(await ask(valid));
  const chosen = chosenOptions(quote, input.options);
  return { ...quote, chosen };
}

/** The name of the staff member taking the booking, as the store's mail and the booking's page show it. */
async function takerName(db: Db, siteId: string, actor: Actor): Promise<string> {
  if (actor.staffId === null) return actor.name;
  const [row] = await db
    .select({ name: staff.name, email: staff.email })
    .from(staff)
    .where(and(eq(staff.siteId, siteId), eq(staff.id, actor.staffId)));
  return row?.name || row?.email || actor.name;
}

/** The booking's mails told who took it (the store's notification names them). */
export interface CounterBookingDeps extends Omit<BookingDeps, "mails"> {
  mails: (siteId: string, taker: { name: string }) => Promise<BookingMailComposer>;
}

/** The customer as booked: a member's profile, or what staff typed (name and a phone are needed then). */
async function customer(
  db: Db,
  siteId: string,
  input: PhoneBookingInput,
): Promise<{ memberId: number | null; borrower: ReservationPerson }> {
  const member = await memberOf(db, siteId, input.member_email);
  if (input.member_email && !member) {
    throw new AppError("invalid_input", { fieldErrors: { member_email: { code: "member_not_found" } } });
  }
  const fieldErrors: FieldReasons = {};
  const tel = input.tel ? parsePhone(input.tel) : null;
  if (tel && !tel.ok) fieldErrors.tel = { code: "tel_invalid" };
  if (!member) {
    if (!input.name) fieldErrors.name = { code: "name_required" };
    if (!input.tel) fieldErrors.tel = { code: "tel_required" };
  }
  // The card link goes by mail: a customer paying that way needs an address.
  if (input.pay_method === "1" && !input.email && !member?.email) fieldErrors.email = { code: "email_required" };
  if (Object.keys(fieldErrors).length) throw new AppError("invalid_input", { fieldErrors });
  const typed = tel?.ok ? tel.e164 : "";
  return {
    memberId: member?.id ?? null,
    borrower: {
      userType: (member?.userType ?? 1) as 1 | 2,
      ...(member?.company ? { company: member.company, companyKana: member.companyKana } : {}),
      name: input.name || member?.name || "",
      kana: input.kana || member?.kana || "",
      email: input.email || member?.email || "",
      tel: typed || member?.tel || "",
      zip: member?.zip ?? "",
      prefCode: member?.prefCode ?? null,
      country: member?.country ?? "",
      addressA: member?.addressA ?? "",
      addressB: member?.addressB ?? "",
    },
  };
}

/**
 * Books it through the public submit, once per idempotency key. A total that changed since the
 * staff member read it out is refused ("details updated"), as the confirmation page does.
 */
export async function bookAtCounter(
  db: Db,
  siteId: string,
  actor: Actor,
  input: PhoneBookingRequest,
  bundle: SiteBundle,
  deps: CounterBookingDeps,
  now: Date,
): Promise<SubmitAnswer> {
  const quote = await quoteAtCounter(db, siteId, actor, input, bundle, now);
  if (!quote.fees || !quote.period) throw new AppError("rejected", { reason: { code: "no_cars_in_period" } });
  if (input.shown_total !== quote.fees.total) throw new AppError("rejected", { reason: { code: "details_updated" } });
  const { memberId, borrower } = await customer(db, siteId, input);
  const timeZone = quote.store.timeZone;
  const session = ReserveSessionSchema.parse({
    storeId: input.store_id,
    carTypeId: input.car_type_id,
    search: counterSearch(input),
    startAt: zonedInstant(input.start_date, input.start_time, timeZone).toISOString(),
    endAt: zonedInstant(input.end_date, input.end_time, timeZone).toISOString(),
    options: quote.chosen,
    withImmunity: input.with_immunity,
    fees: quote.fees,
    payMethod: Number(input.pay_method),
    payMethodOther: input.pay_method === "4" ? input.pay_method_other : "",
    remarks: input.remarks,
    borrower,
    driver: { mode: "same" },
    passengers: input.passengers,
    idempotencyKey: input.idempotency_key,
  });
  const taker = { name: await takerName(db, siteId, actor) };
  const answer = await submitReservation(
    db,
    siteId,
    {
      bundle,
      session,
      idempotencyKey: `counter-${input.idempotency_key}`,
      memberId,
      locale: input.locale,
      now,
      channel: "counter",
      counterContact: input.counter_contact,
      takenByStaffId: actor.staffId,
    },
    { ...deps, mails: (id) => deps.mails(id, taker) },
  );
  // A retry gets the first answer back; the booking is recorded in the history once.
  const recorded =
    answer.outcome === "completed" &&
    (
      await db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.siteId, siteId),
            eq(auditLog.entity, "reservation"),
            eq(auditLog.entityId, answer.reserveNo),
            eq(auditLog.action, "reservation.create"),
          ),
        )
        .limit(1)
    ).length > 0;
  if (answer.outcome === "completed" && !recorded) {
    await recordAudit(db, siteId, actor, {
      action: "reservation.create",
      entity: "reservation",
      entityId: answer.reserveNo,
      after: {
        channel: "counter",
        contact: input.counter_contact,
        storeId: input.store_id,
        carTypeId: input.car_type_id,
        memberId,
      },
    });
  }
  return answer;
}
