import type { Db } from "#server/db/client";
import type { ReservationPerson } from "#server/db/schema";
import {
  type BookingDeps,
  HOLD_MINUTES,
  IDEMPOTENCY_HOURS,
  isFullyBooked,
  PAY_METHOD,
  refused,
  type SubmitAnswer,
  type SubmitInput,
} from "./booking";
import { bookingDriver, writeBooking } from "./booking-writer";
import { payForHold } from "./card-settlement";
import { canonical, KeyTaken, replay, requestHash, settle } from "./idempotency";
import { type Quote, quoteReservation } from "./quote";
import { counterBundle, preflight } from "./submit-preflight";

type Priced = { period: NonNullable<Quote["period"]>; fees: NonNullable<Quote["fees"]> };

/**
 * Books the reservation session (spec §7 submit-reserve), once per idempotency key: the booking is
 * written and the key claimed in one transaction (booking-writer.ts), the key last, so that of two
 * requests with one key the second rolls its booking back and reads the first's answer (a duplicate
 * with another payload is refused; decision 041). The price is computed again and must match what
 * was confirmed; the capacity trigger refuses an overbooking. A card payment holds the car first
 * and is charged once, under a gateway key derived from the reservation (card-settlement.ts).
 */
export async function submitReservation(
  db: Db,
  siteId: string,
  input: SubmitInput,
  deps: BookingDeps,
): Promise<SubmitAnswer> {
  const { session, now } = input;
  const key = {
    siteId,
    key: input.idempotencyKey,
    requestHash: requestHash(input),
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_HOURS * 3_600_000),
  };
  // The guard that matters (capacity) runs inside the insert: the quote is read before it.
  const quote = await quoteReservation(db, siteId, {
    bundle: input.channel === "counter" ? counterBundle(input.bundle) : input.bundle,
    storeId: session.storeId,
    carTypeId: session.carTypeId,
    search: session.search,
    options: session.options,
    withImmunity: session.withImmunity,
    now,
  });
  const reason = preflight(input, quote);
  if (reason || !quote?.period || !quote.fees)
    return settle(db, key, { outcome: "refused", reason: reason ?? { code: "no_cars_in_period" } });
  // Loaded before the booking is written: the composer may query the site cache, which on the
  // embedded database (one connection) would wait for an open transaction forever.
  const compose = await deps.mails(siteId);
  // Who drives: the borrower, a saved driver of the member's, or one entered now.
  const driver = await bookingDriver(db, siteId, session, input.memberId);
  if (!driver) return settle(db, key, refused("driver_selection_required"));
  // On the web the card pays now, holding the car meanwhile; at the counter it pays later by the mailed link.
  const byCard = session.payMethod === PAY_METHOD.advanceCard && (input.channel ?? "web") === "web";
  const values = reservationValues(siteId, input, quote, { period: quote.period, fees: quote.fees }, driver, byCard);
  let booked: Awaited<ReturnType<typeof writeBooking>>;
  try {
    // The mails go with a booking that is confirmed now; a card's come when it is paid.
    const mails = byCard ? null : compose;
    booked = await writeBooking(
      db,
      siteId,
      { values, now, timeZone: quote.store.timeZone, compose: mails, driver, key },
      deps,
    );
  } catch (error) {
    if (error instanceof KeyTaken) return canonical(await replay(db, key));
    // Refused by the capacity trigger: nothing was written, a driver entered now included.
    if (isFullyBooked(error)) return settle(db, key, refused("type_fully_booked"));
    throw error;
  }
  if (booked.kind === "answered") return canonical(booked.answer);
  return canonical(await payForHold(db, siteId, booked.reservation, input, deps));
}

/** The options a quote chose, as a booking keeps them: names in every language, quantity and fee. */
export function bookedOptions(quote: Quote) {
  return quote.options
    .filter((o) => o.quantity > 0)
    .map((o) => ({
      optionId: o.option.id,
      name: {
        ja: o.option.optionName,
        en: o.option.optionNameEn ?? "",
        "zh-TW": o.option.optionNameTw ?? "",
        ko: o.option.optionNameKr ?? "",
      },
      quantity: o.quantity,
      fee: o.fee,
    }));
}

function reservationValues(
  siteId: string,
  input: SubmitInput,
  quote: Quote,
  { period, fees }: Priced,
  driver: { driverId: number | null; snapshot: ReservationPerson },
  byCard: boolean,
) {
  const { session, now } = input;
  return {
    siteId,
    storeId: quote.store.id,
    returnStoreId: quote.store.id,
    carTypeId: quote.carType.id,
    startAt: period.start,
    endAt: period.end,
    status: byCard ? ("held" as const) : ("confirmed" as const),
    holdExpiresAt: byCard ? new Date(now.getTime() + HOLD_MINUTES * 60_000) : null,
    paymentStatus: session.payMethod === PAY_METHOD.advanceCard ? ("pending" as const) : null,
    memberId: input.memberId,
    driverId: driver.driverId,
    rentalFee: fees.rentCarFee,
    optionFee: fees.optionFee,
    immunityFee: fees.immunityFee,
    totalFee: fees.total,
    payMethod: session.payMethod ?? PAY_METHOD.cash,
    payMethodOther: session.payMethod === PAY_METHOD.other ? session.payMethodOther : null,
    optionNotPossibleType: session.optionNotPossibleType,
    destination: session.destination,
    purpose: session.purpose,
    passengers: session.passengers,
    remarks: session.remarks,
    locale: input.locale,
    borrower: session.borrower as ReservationPerson,
    driver: driver.snapshot,
    options: bookedOptions(quote),
    // How the booking was taken: the public site, a program, or staff at the counter (by phone or in person) and who.
    channel: input.channel ?? ("web" as const),
    counterContact: input.channel === "counter" ? (input.counterContact ?? ("phone" as const)) : null,
    takenByStaffId: input.channel === "counter" ? (input.takenByStaffId ?? null) : null,
  };
}
