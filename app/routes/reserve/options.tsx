import { type FormEvent, useEffect, useMemo, useState } from "react";
import {
  data,
  Form,
  Link,
  type RouterContextProvider,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useFetcher,
  useLocation,
  useNavigation,
} from "react-router";
import type { ReasonLike } from "../../../common/app-error";
import { parseSearchQuery, SearchQuerySchema } from "../../../server/availability/search-schema";
import { notFoundError } from "../../../server/errors";
import {
  chosenQuantities,
  needsOptionNotPossibleChoice,
  optionField,
  optionsFormSchema,
  readOptionsForm,
} from "../../../server/reservations/options.schema";
import { quoteReservation } from "../../../server/reservations/quote";
import { chooseCar, type ReserveSession } from "../../../server/reservations/reserve-session";
import { BookingSteps, BookingSummary, FeeBreakdown } from "../../components/booking/booking-summary";
import { useOptionPrice, useYen } from "../../components/car/price";
import { CsrfField } from "../../components/csrf-field";
import { FormNotice, inputClass, RadioField } from "../../components/form/fields";
import { FieldError, useReasonText } from "../../components/search/field-error";
import { formValues } from "../../lib/form-action.server";
import { issuesToErrors, useFormValidation } from "../../lib/forms";
import { useI18n } from "../../lib/i18n";
import {
  getReserveSession,
  requireReserveSession,
  reservePath,
  saveReserveSession,
} from "../../lib/reserve-session.server";
import { privateMeta } from "../../lib/seo";
import { getMember } from "../../lib/session.server";
import { getSite, requireId, services } from "../../lib/site.server";
import { type QuoteView, quoteView } from "../../presenters/booking.server";
import type { Route } from "./+types/options";

/**
 * The options step (spec §2, §4, §5): options with quantities, the collision damage waiver, and,
 * when a chosen option may not be provided, "reserve anyway" or "cancel". The server prices every
 * change (a fetcher with JavaScript, the Recalculate button without) with the same quote the
 * confirmation and the submit use.
 */

type Context = Readonly<RouterContextProvider>;

/** The search query fields a booking carries (period, store, filters, sort), as a plain record. */
const SEARCH_KEYS = Object.keys(SearchQuerySchema.shape);
function searchRecord(params: URLSearchParams): Record<string, string> {
  const record: Record<string, string> = {};
  for (const key of SEARCH_KEYS) {
    const value = params.get(key);
    if (value !== null) record[key] = value.slice(0, 40);
  }
  return record;
}

/** Whether a link brought a period (or said the dates are undecided) rather than relying on the session. */
const carriesPeriod = (params: URLSearchParams) => params.has("sd") || params.has("ed") || params.has("date_undecided");

const sameRecord = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

function carPath(context: Context, storeId: number, carTypeId: number, search: Record<string, string>): string {
  const query = new URLSearchParams(search).toString();
  return `${reservePath(context, `/reserve/stores/${storeId}/cars/${carTypeId}`)}${query ? `?${query}` : ""}`;
}

/** The form's values for a quote: chosen quantities, the waiver, the unavailable-option choice. */
function formDefaults(view: QuoteView, optionNotPossibleType: number | null): Record<string, string> {
  const values: Record<string, string> = {};
  for (const o of view.options) values[optionField(o.id)] = String(o.quantity);
  if (view.immunity?.chosen) values.immunity = "1";
  values.option_not_possible_type = optionNotPossibleType ? String(optionNotPossibleType) : "";
  return values;
}

const isFor = (session: ReserveSession | null, storeId: number, carTypeId: number): session is ReserveSession =>
  Boolean(session && !session.completed && session.storeId === storeId && session.carTypeId === carTypeId);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { siteId, bundle, locale } = getSite(context);
  const storeId = requireId(params.storeId);
  const carTypeId = requireId(params.carTypeId);
  const url = new URL(request.url);
  const previous = await getReserveSession(context);
  const carried = carriesPeriod(url.searchParams);
  // Without a period in the link, only the session of this very car can say what to show (spec §4).
  if (!carried && !isFor(previous, storeId, carTypeId)) throw redirect(reservePath(context, "/reserve"));
  const same = isFor(previous, storeId, carTypeId) ? previous : null;
  // The store is the path's: a link's `si` that says otherwise is not carried on.
  const search = carried ? { ...searchRecord(url.searchParams), si: String(storeId) } : (same?.search ?? {});
  if (carried && parseSearchQuery(url.searchParams).date_undecided) {
    throw redirect(carPath(context, storeId, carTypeId, search));
  }
  const quote = await quoteReservation(services(context).db, siteId, {
    bundle,
    storeId,
    carTypeId,
    search,
    options: same?.options ?? [],
    withImmunity: same?.withImmunity ?? null,
    now: new Date(),
  });
  if (!quote) throw notFoundError();
  const view = quoteView(quote, locale);
  const back = carPath(context, storeId, carTypeId, search);
  if (!quote.period) {
    // Online booking suspended: say so here. Dates that cannot be booked are chosen on the car page.
    if (quote.blocked) return { view, values: formDefaults(view, null), back };
    throw redirect(back);
  }
  let session = same;
  const startAt = quote.period.start.toISOString();
  const endAt = quote.period.end.toISOString();
  if (carried && !(same && same.startAt === startAt && same.endAt === endAt && sameRecord(same.search, search))) {
    const query = parseSearchQuery(url.searchParams);
    session = {
      ...chooseCar(previous, {
        storeId,
        carTypeId,
        search,
        startAt: quote.period.start,
        endAt: quote.period.end,
        rentalPeriodSlug: query.rental_period_slug ?? "01",
        dateUndecided: false,
      }),
      withImmunity: quote.withImmunity,
    };
    await saveReserveSession(context, session);
  }
  return { view, values: formDefaults(view, session?.optionNotPossibleType ?? null), back };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { siteId, bundle, locale } = getSite(context);
  const storeId = requireId(params.storeId);
  const carTypeId = requireId(params.carTypeId);
  const session = await requireReserveSession(context);
  const url = new URL(request.url);
  // A page left open for another car than the one in the session: show it again, as its link says.
  if (session.storeId !== storeId || session.carTypeId !== carTypeId) throw redirect(`${url.pathname}${url.search}`);
  const form = await request.formData();
  const raw = Object.fromEntries(form);
  const asked = readOptionsForm(raw);
  const quote = await quoteReservation(services(context).db, siteId, {
    bundle,
    storeId,
    carTypeId,
    search: session.search,
    options: asked.options,
    withImmunity: asked.withImmunity,
    now: new Date(),
  });
  if (!quote) throw notFoundError();
  // The dates can no longer be booked (lead time passed, a closing day set): choose again on the car page.
  if (!quote.period && !quote.blocked) throw redirect(carPath(context, storeId, carTypeId, session.search));
  const view = quoteView(quote, locale);
  const values = formValues(form);
  const mayBeUnavailable = quote.options.filter((o) => o.option.mayBeUnavailable).map((o) => o.option.id);
  const parsed = optionsFormSchema(mayBeUnavailable).safeParse(raw);
  if (!parsed.success) return data({ view, values, errors: issuesToErrors(parsed.error.issues) }, { status: 422 });

  // What the quote kept: quantities within each option's limit, options this store offers.
  const options = quote.options
    .filter((o) => o.quantity > 0)
    .map((o) => ({ optionId: o.option.id, quantity: o.quantity }));
  const next: ReserveSession = {
    ...session,
    options,
    withImmunity: quote.withImmunity,
    optionNotPossibleType: needsOptionNotPossibleChoice(options, mayBeUnavailable)
      ? parsed.data.optionNotPossibleType
      : null,
    fees: quote.fees,
  };
  if (parsed.data.intent === "recalc") {
    await saveReserveSession(context, next);
    return { view, values, errors: {} as Record<string, ReasonLike> };
  }
  if (quote.blocked || !quote.fees) {
    const reason = quote.blocked ?? { code: "no_cars_in_period" as const };
    return data({ view, values, errors: { form: reason } as Record<string, ReasonLike> }, { status: 422 });
  }
  await saveReserveSession(context, next);
  throw redirect(reservePath(context, (await getMember(context)) ? "/reserve/user" : "/reserve/login"));
}

/** A recalculation answers with the new fees: the page's own data need not be read again. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "recalc") return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "booking.options.title");

const NO_ERRORS: Record<string, ReasonLike> = {};

function OptionRow({
  option,
  value,
  error,
}: {
  option: QuoteView["options"][number];
  value: string | undefined;
  error: ReasonLike | undefined;
}) {
  const { t } = useI18n();
  const optionPrice = useOptionPrice();
  const yen = useYen();
  const name = optionField(option.id);
  const id = `option-${option.id}`;
  const describedBy = [`${id}-price`, option.mayBeUnavailable ? `${id}-limited` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <li
      className="flex items-center justify-between gap-3 py-3"
      data-testid="option-row"
      data-option-id={option.id}
      data-may-be-unavailable={option.mayBeUnavailable ? "1" : "0"}
      data-price={option.price}
      data-price-unit={option.priceUnit}
      data-max={option.maxQuantity}
    >
      <div className="min-w-0">
        <label htmlFor={id} className="font-semibold" data-testid="option-name">
          {option.name}
        </label>
        <p id={`${id}-price`} className="text-sm text-gray-700">
          {optionPrice(option)} · {t("fee.maxQuantity", { n: option.maxQuantity })}
          {option.quantity > 0 && option.fee > 0 ? (
            <span className="sr-only"> · {t("booking.options.lineFee", { amount: yen(option.fee) })}</span>
          ) : null}
        </p>
        {option.mayBeUnavailable ? (
          <p id={`${id}-limited`} className="text-sm font-semibold text-amber-900" data-testid="option-limited">
            {t("booking.options.limited")}
          </p>
        ) : null}
        <FieldError id={`${id}-error`} reason={error} />
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <select
          id={id}
          name={name}
          defaultValue={value ?? "0"}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={`${inputClass} w-20`}
          data-testid="option-quantity"
        >
          {Array.from({ length: option.maxQuantity + 1 }, (_, n) => String(n)).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        {option.quantity > 0 && option.fee > 0 ? (
          <span className="price text-sm text-gray-800" aria-hidden="true" data-testid="option-fee">
            {t("booking.options.lineFee", { amount: yen(option.fee) })}
          </span>
        ) : null}
      </div>
    </li>
  );
}

export default function Options({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const yen = useYen();
  const reasonText = useReasonText();
  const location = useLocation();
  const navigation = useNavigation();
  const fetcher = useFetcher<typeof action>();
  const self = `${location.pathname}${location.search}`;

  // The newest prices: the last recalculation or refusal, else the page's own.
  const [view, setView] = useState<QuoteView>(actionData?.view ?? loaderData.view);
  const [announce, setAnnounce] = useState("");
  useEffect(() => setView(loaderData.view), [loaderData]);
  useEffect(() => {
    if (actionData?.view) setView(actionData.view);
  }, [actionData]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer of the server
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer?.view) return;
    setView(answer.view);
    if (answer.view.fees) setAnnounce(t("booking.fees.updated", { amount: yen(answer.view.fees.total) }));
  }, [fetcher.data]);

  const values = actionData?.values ?? loaderData.values;
  const unavailableIds = useMemo(() => view.options.filter((o) => o.mayBeUnavailable).map((o) => o.id), [view.options]);
  const unavailableKey = unavailableIds.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new schema only when the ids change
  const schema = useMemo(() => optionsFormSchema(unavailableIds), [unavailableKey]);
  const { errors, formRef, onSubmit, onChange } = useFormValidation(schema, actionData?.errors ?? NO_ERRORS);

  // Whether the "reserve anyway / cancel" choice is asked: from the form as it is now.
  const chosenNow = (form: HTMLFormElement | null) =>
    needsOptionNotPossibleChoice(
      [...chosenQuantities(form ? Object.fromEntries(new FormData(form)) : values)].map(([optionId, quantity]) => ({
        optionId,
        quantity,
      })),
      unavailableIds,
    );
  const [askChoice, setAskChoice] = useState(() => chosenNow(null));

  const shownErrors = askChoice
    ? errors
    : Object.fromEntries(Object.entries(errors).filter(([k]) => k !== "option_not_possible_type"));
  const busy = fetcher.state !== "idle";
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") !== "recalc";

  const recalc = (event: FormEvent<HTMLFormElement>) => {
    onChange(event);
    const form = event.currentTarget;
    const name = (event.target as HTMLInputElement).name ?? "";
    setAskChoice(chosenNow(form));
    if (!name.startsWith("option_") && name !== "immunity") return;
    if (name === "option_not_possible_type") return;
    const body = new FormData(form);
    body.set("intent", "recalc");
    fetcher.submit(body, { method: "post", action: self });
  };

  const { car, store, period, fees, blocked } = view;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-3 pt-3 pb-6 outline-none sm:px-4 lg:pb-10">
      <p>
        <Link to={loaderData.back} className="link tap text-sm" data-testid="back-to-car">
          ← {t("booking.options.backToCar")}
        </Link>
      </p>
      <div className="mt-2">
        <BookingSteps current={0} />
      </div>
      <h1 className="mt-4 text-2xl font-bold" data-testid="page-title">
        {t("booking.options.title")}
      </h1>
      {period ? (
        <div className="mt-3">
          <BookingSummary summary={{ storeName: store.name, className: car.className, carName: car.name, period }} />
        </div>
      ) : (
        <p className="mt-2 text-gray-700" data-testid="summary-car">
          {car.className} · {store.name} · {car.name}
        </p>
      )}
      {blocked || !fees ? (
        <div className="card mt-4 p-4">
          <p role="alert" className="font-semibold text-red-700" data-testid="options-blocked">
            {reasonText(blocked ?? { code: "no_cars_in_period" })}
          </p>
          <Link to={loaderData.back} className="btn-secondary mt-3 w-full sm:w-auto" data-testid="blocked-back">
            {t("booking.options.backToCar")}
          </Link>
        </div>
      ) : (
        <Form
          method="post"
          action={self}
          ref={formRef}
          onSubmit={(event) => {
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            if (submitter?.value === "recalc") return;
            onSubmit(event);
          }}
          onChange={recalc}
          noValidate
          className="mt-4 grid gap-4 lg:grid-cols-[1fr_22rem] lg:items-start lg:gap-6"
          data-testid="options-form"
        >
          <div className="grid min-w-0 gap-4">
            <CsrfField />
            <p className="text-gray-700">{t("booking.options.lead")}</p>
            <FormNotice errors={shownErrors} />
            <section aria-labelledby="options-heading" className="card px-4 pt-3 pb-1">
              <h2 id="options-heading" className="font-bold">
                {t("booking.options.heading")}
              </h2>
              {view.options.length ? (
                <ul className="divide-y divide-gray-100" data-testid="option-list">
                  {view.options.map((o) => (
                    <OptionRow
                      key={o.id}
                      option={o}
                      value={values[optionField(o.id)]}
                      error={shownErrors[optionField(o.id)]}
                    />
                  ))}
                </ul>
              ) : (
                <p className="pb-3 text-sm text-gray-700">{t("booking.options.none")}</p>
              )}
            </section>
            {askChoice ? (
              <section className="card border-l-4 border-amber-600 p-4" data-testid="not-possible">
                <p className="mb-2 text-sm text-gray-800">{t("booking.notPossible.lead")}</p>
                <RadioField
                  name="option_not_possible_type"
                  label="booking.notPossible.legend"
                  required
                  errors={shownErrors}
                  value={values.option_not_possible_type}
                  options={[
                    { value: "1", label: t("booking.notPossible.reserve") },
                    { value: "2", label: t("booking.notPossible.cancel") },
                  ]}
                />
              </section>
            ) : null}
            {view.immunity ? (
              <section aria-labelledby="immunity-heading" className="card p-4">
                <h2 id="immunity-heading" className="font-bold">
                  {t("booking.immunity.heading")}
                </h2>
                <label className="mt-2 flex min-h-11 items-start gap-3">
                  <input
                    type="checkbox"
                    name="immunity"
                    value="1"
                    defaultChecked={values.immunity === "1"}
                    aria-describedby="immunity-hint"
                    className="mt-0.5"
                    data-testid="immunity"
                  />
                  <span>{t("booking.immunity.label", { price: yen(view.immunity.perDay) })}</span>
                </label>
                <p id="immunity-hint" className="mt-1 text-sm text-gray-700">
                  {t("booking.immunity.hint")}
                </p>
              </section>
            ) : null}
            <noscript>
              <button
                type="submit"
                name="intent"
                value="recalc"
                className="btn-secondary w-full"
                data-testid="options-recalc"
              >
                {t("booking.recalc")}
              </button>
            </noscript>
            <FeeBreakdown fees={fees} rentalDays={view.rentalDays} busy={busy} />
          </div>

          {/*
            On a phone the total and Next stick to the bottom of the screen while the form is in view
            (sticky, so the footer is never covered; scroll-padding keeps focus above it), leaving
            the corner to the jump-to-top button. Beside the form on a desktop.
          */}
          <div
            className="sticky bottom-0 z-30 -mx-3 border-t border-gray-200 bg-white px-4 py-3 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] sm:-mx-4 lg:top-4 lg:bottom-auto lg:mx-0 lg:rounded-xl lg:border-0 lg:p-4 lg:shadow-[var(--shadow-card)]"
            data-testid="options-bar"
            data-bottom-bar
          >
            <div className="flex items-center justify-between gap-3 pr-14 lg:block lg:pr-0">
              <div className="min-w-0">
                <p className="text-xs text-gray-700 lg:text-sm">{t("booking.fees.total")}</p>
                <p
                  className={`price text-xl font-bold leading-tight lg:text-2xl ${busy ? "opacity-60" : ""}`}
                  data-testid="booking-total"
                  data-amount={fees.total}
                >
                  {yen(fees.total)}
                </p>
                {busy ? <p className="text-xs text-gray-700">{t("booking.fees.updating")}</p> : null}
              </div>
              <button
                type="submit"
                name="intent"
                value="next"
                className="btn-primary min-w-32 shrink-0 lg:mt-3 lg:w-full"
                disabled={sending}
                data-testid="options-next"
              >
                {sending ? t("form.submitting") : t("booking.next")}
              </button>
            </div>
          </div>
          <p role="status" className="sr-only" data-testid="fees-status">
            {announce}
          </p>
        </Form>
      )}
    </main>
  );
}
