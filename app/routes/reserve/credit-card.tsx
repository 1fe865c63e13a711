import { useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { BookingSteps } from "#app/components/booking/booking-summary";
import { StepAside, stepColumnsClass } from "#app/components/booking/step-aside";
import { CsrfField } from "#app/components/csrf-field";
import { brandKey, CardFields } from "#app/components/form/card-fields";
import { FormNotice } from "#app/components/form/fields";
import { StripeCardField, useStripeCardSubmit } from "#app/components/form/stripe-card-field";
import { useReasonText } from "#app/components/search/field-error";
import {
  advanceCardTooEarly,
  afterSubmit,
  bookingDeps,
  newIdempotencyKey,
  releasePendingPayment,
  requireConfirmableSession,
} from "#app/lib/booking.server";
import { formFailure, handleForm } from "#app/lib/form-action.server";
import { NO_FORM_ERRORS, useFormValidation } from "#app/lib/forms";
import { useHydrated } from "#app/lib/hydrated";
import { useI18n } from "#app/lib/i18n";
import { reservePath, saveReserveSession } from "#app/lib/reserve-session.server";
import { privateMeta } from "#app/lib/seo";
import { publicOrigin } from "#app/lib/seo.server";
import { getSite, services } from "#app/lib/site.server";
import { stripeCardConfig } from "#app/lib/stripe.server";
import { bookingSummary } from "#app/presenters/booking.server";
import { localDate } from "#common/calendar-date";
import { CardSchema, cardSchemaFor, cardSourceOf, expiryYears, StripeCardSchema } from "#server/cards/card.schema";
import { listCards, savedCardSource } from "#server/cards/cards";
import { PAY_METHOD } from "#server/reservations/booking";
import { completeCardAction } from "#server/reservations/card-settlement";
import { submitReservation } from "#server/reservations/submit";
import type { Route } from "./+types/credit-card";

/** Card pages load no analytics or tag manager (spec §9). */
export const handle = { analytics: false };

/** The choice of a saved card ("saved:<id>") or a new one ("new"). */
const savedId = (choice: string) => (/^saved:\d{1,9}$/.test(choice) ? Number(choice.slice(6)) : null);

/**
 * The card step (spec §2 /reserve/credit_card): the visitor pays the confirmed total in advance
 * with a saved card or a new one, through 3-D Secure when the issuer asks. Coming back from the
 * challenge (`?reservation=`), the payment's outcome is read from the gateway, and only for the
 * reservation this session is paying.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { session, member } = await requireConfirmableSession(context);
  if (session.payMethod !== PAY_METHOD.advanceCard || !session.fees) {
    throw redirect(reservePath(context, "/reserve/confirm"));
  }
  const { siteId, bundle, locale } = getSite(context);
  const { db } = services(context);
  const returning = new URL(request.url).searchParams.has("reservation");
  // The 50-day rule holds here too (spec §5): a card step opened directly for a departure 50 days
  // or more ahead goes back to the confirmation; a return from 3-D Secure is already paying.
  const store = bundle.stores.find((s) => s.id === session.storeId);
  const startDate = store ? localDate(new Date(session.startAt), store.timeZone) : null;
  if (!returning && (!store || !startDate || advanceCardTooEarly(startDate, store.timeZone))) {
    throw redirect(reservePath(context, "/reserve/confirm"));
  }
  let refused = null;
  if (returning) {
    const pending = session.pendingPayment?.reservationId;
    if (!pending) throw redirect(reservePath(context, "/reserve/credit_card"));
    const answer = await completeCardAction(db, siteId, pending, bookingDeps(context, request));
    if (answer) {
      const next = await afterSubmit(context, session, answer);
      if ("redirectTo" in next) throw redirect(next.redirectTo);
      refused = next.refused;
    }
  }
  if (!session.idempotencyKey) await saveReserveSession(context, { ...session, idempotencyKey: newIdempotencyKey() });
  const cards = member ? await listCards(db, siteId, member.id) : [];
  return {
    summary: bookingSummary(bundle, session, locale),
    total: session.fees.total,
    cards,
    years: expiryYears(),
    refused,
    stripe: stripeCardConfig(context),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const confirmable = await requireConfirmableSession(context);
  const { member } = confirmable;
  if (confirmable.session.payMethod !== PAY_METHOD.advanceCard) {
    return redirect(reservePath(context, "/reserve/confirm"));
  }
  const session = await releasePendingPayment(context, confirmable.session);
  const { siteId, bundle, locale } = getSite(context);
  const { db, payments } = services(context);
  const form = await request.formData();
  const choice = String(form.get("card_choice") ?? "new");
  const submit = async (card: NonNullable<Parameters<typeof submitReservation>[2]["card"]>) => {
    const answer = await submitReservation(
      db,
      siteId,
      {
        bundle,
        session,
        idempotencyKey: session.idempotencyKey ?? newIdempotencyKey(),
        memberId: member?.id ?? null,
        locale,
        now: new Date(),
        card,
        returnUrl: `${publicOrigin(request, context)}${reservePath(context, "/reserve/credit_card")}?reservation=pending`,
      },
      bookingDeps(context, request),
    );
    const next = await afterSubmit(context, session, answer);
    if ("redirectTo" in next) return redirect(next.redirectTo);
    return formFailure(form, { form: next.refused });
  };
  const saved = savedId(choice);
  if (saved !== null) {
    const source = member ? await savedCardSource(db, siteId, member.id, saved) : null;
    if (!source) return formFailure(form, { card_choice: { code: "invalid_choice" } });
    return submit(source);
  }
  // Typed card details with the simulator; with Stripe only a PaymentMethod made by Stripe.js.
  return handleForm(form, cardSchemaFor(payments.kind), (input) => submit({ source: cardSourceOf(input) }));
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "reserveCard.title");

/** The pay button sits in the aside, outside the form. */
const FORM_ID = "reserve-card-form";
/** A saved card has no fields to check in the browser. */
const NOTHING_TO_CHECK = { safeParse: () => ({ success: true as const }) };

export default function ReserveCreditCard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const reasonText = useReasonText();
  const navigation = useNavigation();
  const { cards, summary, stripe } = loaderData;
  const values = actionData?.values ?? {};
  const serverErrors = actionData?.errors ?? (loaderData.refused ? { form: loaderData.refused } : NO_FORM_ERRORS);
  const defaultCard = cards.find((c) => c.isDefault) ?? cards[0];
  const [choice, setChoice] = useState(values.card_choice ?? (defaultCard ? `saved:${defaultCard.id}` : "new"));
  const newCard = choice === "new";
  const { errors, setErrors, formRef, onSubmit, onChange } = useFormValidation(
    newCard ? (stripe ? StripeCardSchema : CardSchema) : NOTHING_TO_CHECK,
    serverErrors,
  );
  const stripeSubmit = useStripeCardSubmit(setErrors);
  const stripeCard = Boolean(stripe) && newCard;
  const hydrated = useHydrated();
  const busy = (navigation.state !== "idle" && navigation.formMethod === "POST") || stripeSubmit.creating;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-3 pt-3 pb-6 outline-none sm:px-4 lg:pb-10">
      <BookingSteps current={2} />
      <h1 className="mt-4 text-2xl font-bold" data-testid="page-title">
        {t("reserveCard.title")}
      </h1>
      <p className="mt-1 text-gray-700">{t("reserveCard.lead")}</p>
      <div className={`mt-4 ${stepColumnsClass}`}>
        <Form
          id={FORM_ID}
          method="post"
          ref={formRef}
          onSubmit={(event) => {
            if (busy) event.preventDefault();
            else if (stripeCard) stripeSubmit.onSubmit(event);
            else onSubmit(event);
          }}
          onChange={onChange}
          noValidate
          className="card flex min-w-0 flex-col gap-4 p-4 lg:col-start-1"
          data-testid="reserve-card-form"
        >
          <CsrfField />
          <FormNotice errors={errors} />
          {errors.form ? (
            <p className="-mt-2 text-sm text-gray-800" data-testid="card-failed-help">
              {t("reserveCard.failedHelp")}
            </p>
          ) : null}
          {cards.length ? (
            <fieldset className="flex flex-col gap-2" data-field="card_choice">
              <legend className="mb-1 font-semibold">{t("reserveCard.choose")}</legend>
              {cards.map((card) => (
                <label
                  key={card.id}
                  className="flex min-h-11 items-center gap-3 rounded-md border border-gray-300 px-3"
                >
                  <input
                    type="radio"
                    name="card_choice"
                    value={`saved:${card.id}`}
                    checked={choice === `saved:${card.id}`}
                    onChange={() => setChoice(`saved:${card.id}`)}
                    data-testid="saved-card-choice"
                  />
                  <span>
                    <span className="font-bold">{t(brandKey(card.brand))}</span> •••• {card.last4}
                    {card.isDefault ? (
                      <span className="ml-2 text-sm text-gray-700">({t("creditCard.default")})</span>
                    ) : null}
                  </span>
                </label>
              ))}
              <label className="flex min-h-11 items-center gap-3 rounded-md border border-gray-300 px-3">
                <input
                  type="radio"
                  name="card_choice"
                  value="new"
                  checked={newCard}
                  onChange={() => setChoice("new")}
                  data-testid="new-card-choice"
                />
                {t("reserveCard.newCard")}
              </label>
              {errors.card_choice ? <p className="text-sm text-red-800">{reasonText(errors.card_choice)}</p> : null}
            </fieldset>
          ) : (
            <input type="hidden" name="card_choice" value="new" />
          )}
          {newCard ? (
            <>
              <ul className="list-disc pl-5 text-sm text-gray-800">
                <li data-testid="jcb-note">{t("creditCard.jcbNote")}</li>
                <li>{t("creditCard.secureNote")}</li>
              </ul>
              {stripe ? (
                <StripeCardField
                  config={stripe}
                  errors={errors}
                  setErrors={setErrors}
                  control={stripeSubmit.control}
                  values={values}
                  refusal={actionData ?? loaderData.refused}
                />
              ) : (
                <CardFields
                  errors={errors}
                  values={values}
                  years={loaderData.years}
                  formRef={formRef}
                  refused={Boolean(actionData || loaderData.refused)}
                />
              )}
            </>
          ) : null}
          <p className="text-sm text-gray-700">{t("confirm.submitNote")}</p>
        </Form>
        <StepAside summary={summary} total={loaderData.total} barTestId="card-bar" totalTestId="card-total">
          {/* A new card on Stripe needs JavaScript: no button that could only fail without it. */}
          <button
            type="submit"
            form={FORM_ID}
            className="btn-primary min-w-32 lg:w-full"
            aria-disabled={busy || undefined}
            hidden={stripeCard && !hydrated}
            data-testid="card-pay"
          >
            {busy ? t("confirm.submitting") : t("reserveCard.pay")}
          </button>
        </StepAside>
      </div>
    </main>
  );
}
