import { useState } from "react";
import { Form, Link, redirect, redirectDocument, useNavigation } from "react-router";
import { BookingFactsCard } from "#app/components/booking/booking-facts";
import { BookingSteps, FeeBreakdown } from "#app/components/booking/booking-summary";
import { ConfirmCar, ConfirmCustomer } from "#app/components/booking/confirm-sections";
import { StepAside, stepColumnsClass, stepMainClass } from "#app/components/booking/step-aside";
import { CsrfField } from "#app/components/csrf-field";
import { Field, FormNotice, inputClass, RadioField, TextField } from "#app/components/form/fields";
import { useReasonText } from "#app/components/search/field-error";
import type { MessageKey } from "#app/i18n/messages";
import {
  advanceCardTooEarly,
  afterSubmit,
  bookingDeps,
  newIdempotencyKey,
  quoteSession,
  releasePendingPayment,
  requireConfirmableSession,
} from "#app/lib/booking.server";
import { formFailure, handleForm } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { useI18n } from "#app/lib/i18n";
import { reservePath, saveReserveSession } from "#app/lib/reserve-session.server";
import { privateMeta } from "#app/lib/seo";
import { getSite, services } from "#app/lib/site.server";
import { quoteView } from "#app/presenters/booking.server";
import { customerView } from "#app/presenters/reserve-confirm.server";
import { localDate } from "#common/calendar-date";
import { pickLang } from "#common/locales";
import { getDriver } from "#server/drivers/drivers";
import { PAY_METHOD } from "#server/reservations/booking";
import { sessionFacts } from "#server/reservations/booking-facts";
import { ConfirmSchema, IDEMPOTENCY_KEY } from "#server/reservations/confirm.schema";
import { feesDiffer } from "#server/reservations/quote";
import { submitReservation } from "#server/reservations/submit";
import type { Route } from "./+types/confirm";

/**
 * The confirmation (spec §2 /reserve/confirm, §7 confirmation): everything the visitor chose,
 * priced again on the server. A price or availability that changed since the options step is
 * said plainly and must be confirmed again (spec §8). The page issues the submit's idempotency key.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { session, member } = await requireConfirmableSession(context);
  const { siteId, bundle, locale } = getSite(context);
  const quote = await quoteSession(services(context).db, siteId, bundle, session);
  if (!quote?.period || !quote.fees) throw redirect(reservePath(context, "/reserve"));
  // Availability counts too: a car taken since the options step is a change the visitor must see.
  const updated = quote.blocked !== null || (session.fees !== null && feesDiffer(session.fees, quote.fees));
  const idempotencyKey = session.idempotencyKey ?? newIdempotencyKey();
  if (updated || !session.fees || !session.idempotencyKey) {
    await saveReserveSession(context, { ...session, fees: quote.fees, idempotencyKey });
  }
  const saved =
    member && session.driver?.mode === "saved"
      ? await getDriver(services(context).db, siteId, member.id, session.driver.driverId).catch(() => null)
      : null;
  const tooEarly = advanceCardTooEarly(quote.period.startDate, quote.store.timeZone);
  return {
    quote: quoteView(quote, locale),
    customer: customerView(session, locale, saved?.name),
    // Before paying: the passengers, the rule, what the total covers and what to bring (issue 40).
    facts: sessionFacts(bundle, session, quote, saved, locale),
    updated,
    blocked: quote.blocked,
    searchPath: `${reservePath(context, "/reserve")}?${new URLSearchParams({ ...session.search, si: String(session.storeId) })}`,
    signedIn: member !== null,
    methods: bundle.settings.settlementMethods.filter((m) => m >= 1 && m <= 4),
    // What "other" means at this company (issue 40); empty: a general line from the catalogue.
    payOtherNote: pickLang(bundle.settings, "payOtherNote", locale),
    advanceCardTooEarly: tooEarly,
    values: {
      pay_method: session.payMethod ? String(session.payMethod) : "",
      pay_method_other: session.payMethodOther,
      remarks: session.remarks,
    },
    idempotencyKey,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { session, member } = await requireConfirmableSession(context);
  const { siteId, bundle, locale } = getSite(context);
  const form = await request.formData();
  const kept = {
    payMethod: Number(form.get("pay_method")) || null,
    payMethodOther: String(form.get("pay_method_other") ?? "").slice(0, 100),
    remarks: String(form.get("remarks") ?? "").slice(0, 1000),
  };
  // Back keeps remarks, pay method, option-not-possible type and driver (spec §4).
  if (form.get("intent") === "back") {
    await saveReserveSession(context, { ...session, ...kept });
    return redirect(reservePath(context, "/reserve/user"));
  }
  return handleForm(form, ConfirmSchema, async (input) => {
    const payMethod = Number(input.pay_method);
    if (!bundle.settings.settlementMethods.includes(payMethod)) {
      return formFailure(form, { pay_method: { code: "pay_method_required" } });
    }
    const base = await releasePendingPayment(context, session);
    const current = { ...base, ...kept, payMethod, payMethodOther: payMethod === 4 ? input.pay_method_other : "" };
    if (payMethod === PAY_METHOD.advanceCard) {
      await saveReserveSession(context, current);
      const start = new Date(current.startAt);
      const store = bundle.stores.find((s) => s.id === current.storeId);
      if (store && advanceCardTooEarly(localDate(start, store.timeZone), store.timeZone)) {
        return formFailure(form, { pay_method: { code: "advance_card_too_early", params: { days: 50 } } });
      }
      // A document of its own: no analytics or tag manager loaded by earlier pages runs on the card page (spec §9).
      return redirectDocument(reservePath(context, "/reserve/credit_card"));
    }
    // The session is written once, with the outcome (afterSubmit); a failed submit still keeps the choices.
    const answer = await submitReservation(
      services(context).db,
      siteId,
      {
        bundle,
        session: current,
        idempotencyKey: IDEMPOTENCY_KEY.test(input.idempotency_key)
          ? input.idempotency_key
          : (current.idempotencyKey ?? newIdempotencyKey()),
        memberId: member?.id ?? null,
        locale,
        now: new Date(),
      },
      bookingDeps(context, request),
    ).catch(async (error: unknown) => {
      await saveReserveSession(context, current).catch(() => {});
      throw error;
    });
    const next = await afterSubmit(context, current, answer);
    if ("redirectTo" in next) return redirect(next.redirectTo);
    return formFailure(form, { form: next.refused });
  });
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "confirm.title");

/** The aside's buttons sit outside the form, beside it on a desktop. */
const FORM_ID = "confirm-form";
const PAY_LABEL: Record<number, MessageKey> = {
  1: "reserves.pay.1",
  2: "reserves.pay.2",
  3: "reserves.pay.3",
  4: "reserves.pay.4",
};

export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const reasonText = useReasonText();
  const navigation = useNavigation();
  const { quote, customer, methods } = loaderData;
  const { errors, formRef, onSubmit, onChange, values } = useForm(ConfirmSchema, actionData, {
    values: loaderData.values,
  });
  const [method, setMethod] = useState(values.pay_method ?? "");
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const byCard = method === "1";
  return (
    <main
      id="main"
      tabIndex={-1}
      className={`mx-auto max-w-6xl px-3 pt-3 pb-6 outline-none sm:px-4 lg:pb-10 ${stepColumnsClass}`}
    >
      <div className="lg:col-span-2">
        <BookingSteps current={2} />
        <h1 className="mt-4 text-2xl font-bold" data-testid="page-title">
          {t("confirm.title")}
        </h1>
        {loaderData.updated ? (
          <p
            role="alert"
            className="mt-3 rounded-md border border-amber-400 bg-amber-50 px-4 py-3 font-semibold text-amber-950"
            data-testid="details-updated"
          >
            {reasonText({ code: "details_updated" })}
            {loaderData.blocked ? (
              <span className="mt-1 block font-normal" data-testid="confirm-blocked">
                {reasonText(loaderData.blocked)}
              </span>
            ) : null}
          </p>
        ) : null}
      </div>
      <Form
        method="post"
        ref={formRef}
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          // A booking is sent once: a second press while the first is on its way does nothing.
          if (busy) event.preventDefault();
          else if (submitter?.getAttribute("value") !== "back") onSubmit(event);
        }}
        onChange={onChange}
        noValidate
        id={FORM_ID}
        className={stepMainClass}
        data-testid="confirm-form"
      >
        <CsrfField />
        <input type="hidden" name="idempotency_key" value={loaderData.idempotencyKey} />
        <FormNotice errors={errors} />
        <ConfirmCar quote={quote} />
        {quote.fees ? <FeeBreakdown fees={quote.fees} rentalDays={quote.rentalDays} /> : null}
        <ConfirmCustomer customer={customer} />
        <BookingFactsCard facts={loaderData.facts} />
        <section aria-labelledby="payment-heading" className="card flex flex-col gap-4 p-4">
          <h2 id="payment-heading" className="sr-only">
            {t("confirm.payMethod")}
          </h2>
          <RadioField
            name="pay_method"
            label="confirm.payMethod"
            required
            errors={errors}
            value={method}
            onChange={setMethod}
            options={methods.map((m) => ({ value: String(m), label: t(PAY_LABEL[m] ?? "reserves.pay.4") }))}
          />
          {methods.includes(4) ? (
            <p className="-mt-2 text-sm text-gray-800" data-testid="pay-other-note">
              <span className="font-semibold">{t("reserves.pay.4")}: </span>
              {loaderData.payOtherNote || t("payOther.default")}
            </p>
          ) : null}
          {methods.includes(1) && loaderData.advanceCardTooEarly ? (
            <p className="-mt-2 text-sm text-gray-800" data-testid="advance-card-note">
              {reasonText({ code: "advance_card_too_early", params: { days: 50 } })}
            </p>
          ) : null}
          {method === "4" ? (
            <TextField
              name="pay_method_other"
              label="confirm.payMethodOther"
              required
              errors={errors}
              maxLength={100}
              defaultValue={values.pay_method_other}
            />
          ) : (
            <input type="hidden" name="pay_method_other" value={values.pay_method_other ?? ""} />
          )}
          <Field name="remarks" label="confirm.remarks" errors={errors} hint="confirm.remarksHint">
            {(ids) => (
              <textarea
                name="remarks"
                rows={3}
                maxLength={1000}
                className={inputClass}
                defaultValue={values.remarks}
                {...ids}
              />
            )}
          </Field>
          <p className="text-sm text-gray-700">{t("confirm.submitNote")}</p>
        </section>
      </Form>
      <StepAside
        summary={
          quote.period
            ? {
                storeName: quote.store.name,
                className: quote.car.className,
                carName: quote.car.name,
                period: quote.period,
              }
            : null
        }
        summaryOnDesktop
        total={quote.fees?.total}
        barTestId="confirm-bar"
        totalTestId="confirm-total"
        after={
          <button
            type="submit"
            form={FORM_ID}
            name="intent"
            value="back"
            formNoValidate
            className="btn-secondary w-full"
            data-testid="confirm-back"
          >
            {t("confirm.back")}
          </button>
        }
      >
        {loaderData.blocked ? (
          <Link to={loaderData.searchPath} className="btn-primary lg:w-full" data-testid="confirm-search-again">
            {t("confirm.searchAgain")}
          </Link>
        ) : (
          <button
            type="submit"
            form={FORM_ID}
            name="intent"
            value="submit"
            className="btn-primary min-w-32 lg:w-full"
            aria-disabled={busy || undefined}
            data-testid="confirm-submit"
          >
            {busy ? t("confirm.submitting") : byCard ? t("confirm.toCard") : t("confirm.submit")}
          </button>
        )}
      </StepAside>
    </main>
  );
}
