import { type FormEvent, useMemo, useState } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useFetcher,
  useLocation,
  useNavigation,
} from "react-router";
import { BookingSteps, BookingSummary, FeeBreakdown } from "#app/components/booking/booking-summary";
import { LongRentalCheck } from "#app/components/booking/long-rental";
import { ImmunityChoice, NotPossibleChoice, OptionRow } from "#app/components/booking/options-fields";
import { StepAside, stepColumnsClass, stepMainClass } from "#app/components/booking/step-aside";
import { useLiveQuote } from "#app/components/booking/use-live-quote";
import { CsrfField } from "#app/components/csrf-field";
import { FormNotice } from "#app/components/form/fields";
import { useReasonText } from "#app/components/search/field-error";
import { formValues } from "#app/lib/form-action.server";
import { issuesToErrors, useForm } from "#app/lib/forms";
import { useI18n } from "#app/lib/i18n";
import {
  carPath,
  carriesPeriod,
  formDefaults,
  isFor,
  searchRecord,
  sessionForLink,
} from "#app/lib/options-step.server";
import {
  getReserveSession,
  requireReserveSession,
  reservePath,
  saveReserveSession,
} from "#app/lib/reserve-session.server";
import { privateMeta } from "#app/lib/seo";
import { getMember } from "#app/lib/session.server";
import { getSite, requireId, services } from "#app/lib/site.server";
import { quoteView } from "#app/presenters/booking.server";
import type { ReasonLike } from "#common/app-error";
import { isLongRental, LONG_RENTAL_FIELD, longRentalRefusal } from "#common/long-rental";
import { parseSearchQuery } from "#server/availability/search-schema";
import { notFoundError } from "#server/errors";
import {
  chosenQuantities,
  needsOptionNotPossibleChoice,
  OPTION_NOT_POSSIBLE,
  optionField,
  optionsFormSchema,
  readOptionsForm,
} from "#server/reservations/options.schema";
import { quoteReservation } from "#server/reservations/quote";
import type { ReserveSession } from "#server/reservations/reserve-session";
import type { Route } from "./+types/options";

/**
 * The options step (spec §2, §4, §5): options with quantities, the collision damage waiver, and,
 * when a chosen option may not be provided, "reserve anyway" or "cancel". The server prices every
 * change (a fetcher with JavaScript, the Recalculate button without) with the same quote the
 * confirmation and the submit use.
 */

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { siteId, bundle, locale } = getSite(context);
  const storeId = requireId(params.storeId);
  const carTypeId = requireId(params.carTypeId);
  const url = new URL(request.url);
  const previous = await getReserveSession(context);
  const carried = carriesPeriod(url.searchParams);
  const same = isFor(previous, storeId, carTypeId) ? previous : null;
  // Without a period in the link, only the session of this very car can say what to show (spec §4).
  if (!carried && !same) throw redirect(reservePath(context, "/reserve"));
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
    if (quote.blocked) {
      return { view, values: formDefaults(view, null), back, longRentalDays: bundle.settings.longRentalDays };
    }
    throw redirect(back);
  }
  const session = carried
    ? await sessionForLink(context, url, {
        previous,
        same,
        storeId,
        carTypeId,
        search,
        period: quote.period,
        withImmunity: quote.withImmunity,
      })
    : same;
  return {
    view,
    values: formDefaults(view, session?.optionNotPossibleType ?? null),
    back,
    longRentalDays: bundle.settings.longRentalDays,
  };
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
    longRentalConfirmed: parsed.data.longRentalConfirmed,
  };
  if (parsed.data.intent === "recalc") {
    await saveReserveSession(context, next);
    return { view, values, errors: {} as Record<string, ReasonLike> };
  }
  if (quote.blocked || !quote.fees) {
    const reason = quote.blocked ?? { code: "no_cars_in_period" as const };
    return data({ view, values, errors: { form: reason } as Record<string, ReasonLike> }, { status: 422 });
  }
  // A long rental goes on once confirmed (or the visitor calls the store instead).
  const longRental = longRentalRefusal(
    bundle.settings.longRentalDays,
    quote.rentalDays,
    parsed.data.longRentalConfirmed,
  );
  if (longRental) {
    return data(
      { view, values, errors: { [LONG_RENTAL_FIELD]: longRental } as Record<string, ReasonLike> },
      { status: 422 },
    );
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

export default function Options({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const reasonText = useReasonText();
  const location = useLocation();
  const navigation = useNavigation();
  const fetcher = useFetcher<typeof action>();
  const self = `${location.pathname}${location.search}`;
  const { view, announce } = useLiveQuote(loaderData.view, actionData?.view, fetcher);
  const unavailableIds = useMemo(() => view.options.filter((o) => o.mayBeUnavailable).map((o) => o.id), [view.options]);
  // The server checks the step (decision 055): quantities come from lists and the "reserve anyway"
  // choice is checked by default, so the schema has nothing to say before the fees are asked for.
  const { errors, formRef, onSubmit, onChange, values } = useForm(null, actionData, { values: loaderData.values });

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

  // Most bookers keep the booking without the seat: that answer is chosen until they pick the other.
  const chosenNotPossible = values.option_not_possible_type || String(OPTION_NOT_POSSIBLE.reserveAnyway);
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
  const summaryOf = (p: NonNullable<typeof period>) => ({
    storeName: store.name,
    className: car.className,
    carName: car.name,
    period: p,
  });
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
      {blocked || !fees ? (
        <>
          {period ? (
            <div className="mt-3">
              <BookingSummary summary={summaryOf(period)} />
            </div>
          ) : (
            <p className="mt-2 text-gray-700" data-testid="summary-car">
              {car.className} · {store.name} · {car.name}
            </p>
          )}
          <div className="card mt-4 p-4">
            <p role="alert" className="font-semibold text-red-700" data-testid="options-blocked">
              {reasonText(blocked ?? { code: "no_cars_in_period" })}
            </p>
            <Link to={loaderData.back} className="btn-secondary mt-3 w-full sm:w-auto" data-testid="blocked-back">
              {t("booking.options.backToCar")}
            </Link>
          </div>
        </>
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
          className={`mt-4 ${stepColumnsClass}`}
          data-testid="options-form"
        >
          <div className={stepMainClass}>
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
              <NotPossibleChoice lead="booking.notPossible.lead" errors={shownErrors} value={chosenNotPossible} />
            ) : unavailableIds.length ? (
              // Without JavaScript the page cannot reveal the choice when a limited option is picked: ask up front.
              <noscript>
                <NotPossibleChoice lead="booking.notPossible.leadAny" errors={shownErrors} value={chosenNotPossible} />
              </noscript>
            ) : null}
            {view.immunity ? <ImmunityChoice perDay={view.immunity.perDay} checked={values.immunity === "1"} /> : null}
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
            {isLongRental(loaderData.longRentalDays, view.rentalDays) ? (
              <LongRentalCheck
                days={loaderData.longRentalDays}
                rentalDays={view.rentalDays}
                store={store}
                errors={shownErrors}
                checked={values[LONG_RENTAL_FIELD] !== undefined && values[LONG_RENTAL_FIELD] !== ""}
              />
            ) : null}
          </div>

          <StepAside
            summary={period ? summaryOf(period) : null}
            total={fees.total}
            busy={busy}
            barTestId="options-bar"
            totalTestId="booking-total"
          >
            <button
              type="submit"
              name="intent"
              value="next"
              className="btn-primary min-w-32 lg:w-full"
              disabled={sending}
              data-testid="options-next"
            >
              {sending ? t("form.submitting") : t("booking.next")}
            </button>
          </StepAside>
          <p role="status" className="sr-only" data-testid="fees-status">
            {announce}
          </p>
        </Form>
      )}
    </main>
  );
}
