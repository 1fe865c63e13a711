import type { z } from "zod";
import { issuesToErrors } from "#app/lib/forms";
import { driverFormConfigOf } from "#app/presenters/driver-form.server";
import { AppError } from "#server/errors";
import { validateReserveCustomer } from "#server/reservations/customer";
import { customerSchema } from "#server/reservations/customer.schema";
import { type Quote, quoteReservation } from "#server/reservations/quote";
import { chooseCar, type ReserveSession } from "#server/reservations/reserve-session";
import { fieldErrors, partnerErrorOf, ruleText } from "./errors.server";
import type { PartnerRequest } from "./operation.server";
import { PartnerError } from "./problems.server";
import type { CustomerSchema, QuoteInputSchema } from "./schemas.server";

/**
 * The site's own quote and customer rules for a program's request (issue 42): the same price code
 * and checks as the booking pages, with refusals in this API's terms.
 */

type QuoteInput = z.output<typeof QuoteInputSchema>;

/** The search a quote reads, in the site's field names. */
export const searchOf = (
  input: Pick<QuoteInput, "store_id" | "pickup_date" | "pickup_time" | "return_date" | "return_time">,
) => ({
  si: String(input.store_id),
  sd: input.pickup_date,
  st: input.pickup_time,
  ed: input.return_date,
  et: input.return_time,
});

/**
 * Options the program chose, checked against those offered: the site's quote drops an unknown
 * option and clamps a quantity, and a program must be told instead of booking something else.
 */
export function checkOptions(quote: Quote, chosen: readonly { option_id: number; quantity: number }[]) {
  const offered = new Map(quote.options.map((o) => [o.option.id, o.option]));
  const errors: Record<string, { code: string; params?: Record<string, number> }> = {};
  const seen = new Set<number>();
  for (const { option_id, quantity } of chosen) {
    const option = offered.get(option_id);
    if (!option || seen.has(option_id))
      errors[`option_${option_id}`] = { code: option ? "invalid_input" : "option_unknown" };
    else if (quantity > option.maxQuantity) errors[`option_${option_id}`] = { code: "option_over_max" };
    seen.add(option_id);
  }
  if (Object.keys(errors).length) {
    const list = fieldErrors(errors);
    throw new PartnerError("invalid-option", list.map((e) => `${e.field}: ${e.message}`).join(" "), { errors: list });
  }
}

/** The quote of a program's choice, priced: 404 for a store or car type the site does not have, 422 for rules. */
export async function priceChoice(req: PartnerRequest, input: QuoteInput, excludeReservationId?: number) {
  if (!req.bundle.stores.some((s) => s.id === input.store_id)) {
    throw new PartnerError("unknown-store", `The site has no store ${input.store_id}.`);
  }
  const quote = await quoteReservation(req.db, req.siteId, {
    bundle: req.bundle,
    storeId: input.store_id,
    carTypeId: input.car_type_id,
    search: searchOf(input),
    options: (input.options ?? []).map((o) => ({ optionId: o.option_id, quantity: o.quantity })),
    withImmunity: input.damage_waiver ?? null,
    now: req.now,
    excludeReservationId,
  });
  if (!quote) {
    throw new PartnerError("unknown-car-type", `Store ${input.store_id} does not rent car type ${input.car_type_id}.`);
  }
  if (Object.keys(quote.errors).length) {
    throw partnerErrorOf(new AppError("invalid_input", { fieldErrors: quote.errors }), "unknown-store");
  }
  checkOptions(quote, input.options ?? []);
  if (!quote.period || !quote.fees) {
    const code = quote.blocked?.code ?? "no_cars_in_period";
    throw new PartnerError("not-bookable", ruleText(code), { reason: code });
  }
  return quote;
}

/** The booking session the site's submit books, from a bookable quote and the customer. */
export async function bookingSession(
  req: PartnerRequest,
  input: QuoteInput & { customer: z.output<typeof CustomerSchema>; notes?: string },
  quote: Quote,
): Promise<ReserveSession> {
  if (quote.blocked)
    throw new PartnerError("not-bookable", ruleText(quote.blocked.code), { reason: quote.blocked.code });
  const period = quote.period!;
  const c = input.customer;
  const form: Record<string, string> = {
    user_type: "1",
    driver_mode: "same",
    name: c.name,
    kana: c.name_kana ?? c.name,
    email: c.email,
    tel: c.tel,
    country: c.country,
    zip: c.zip ?? "",
    pref_code: c.country === "JP" ? String(c.prefecture_code ?? "") : "48",
    address_a: c.address,
  };
  const config = await driverFormConfigOf(req.db, req.siteId, req.bundle, req.now);
  const schema = customerSchema({
    driver: config,
    member: false,
    storedImageSlots: [],
    capacity: quote.carType.capacity,
  });
  const parsed = schema.safeParse(form);
  if (!parsed.success) {
    const list = fieldErrors(issuesToErrors(parsed.error.issues) as Record<string, { code: string }>);
    throw new PartnerError("validation-failed", list.map((e) => `${e.field}: ${e.message}`).join(" "), {
      errors: list,
    });
  }
  const customer = await validateReserveCustomer(req.db, req.siteId, {
    memberId: null,
    input: parsed.data,
    previous: null,
    imageSlots: [],
    today: config.today,
    blobs: req.services.blobs,
    logger: req.services.logger,
  });
  const { discardedImageKeys: _, ...kept } = customer;
  const search = { ...searchOf(input) };
  return {
    ...chooseCar(null, {
      storeId: input.store_id,
      carTypeId: input.car_type_id,
      search,
      startAt: period.start,
      endAt: period.end,
      rentalPeriodSlug: "01",
      dateUndecided: false,
    }),
    options: quote.options.filter((o) => o.quantity > 0).map((o) => ({ optionId: o.option.id, quantity: o.quantity })),
    withImmunity: quote.withImmunity,
    fees: quote.fees,
    ...kept,
    remarks: input.notes ?? "",
  };
}
