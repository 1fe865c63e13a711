import { Form, redirect, useNavigation } from "react-router";
import { useYen } from "#app/components/car/price";
import { CsrfField } from "#app/components/csrf-field";
import { CardFields } from "#app/components/form/card-fields";
import { FormNotice } from "#app/components/form/fields";
import { StripeCardField, useStripeCardSubmit } from "#app/components/form/stripe-card-field";
import { LinkedBooking } from "#app/components/reservation/linked-booking";
import { newIdempotencyKey } from "#app/lib/booking.server";
import { formFailure, handleForm } from "#app/lib/form-action.server";
import { NO_FORM_ERRORS, useFormValidation } from "#app/lib/forms";
import { useHydrated } from "#app/lib/hydrated";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { publicOrigin } from "#app/lib/seo.server";
import { getSite, services } from "#app/lib/site.server";
import { challengeUrl, stripeCardConfig } from "#app/lib/stripe.server";
import { linkedBookingView } from "#app/presenters/customer-cancel.server";
import { CardSchema, cardSchemaFor, cardSourceOf, expiryYears, StripeCardSchema } from "#server/cards/card.schema";
import { findByLink, linkFromQuery } from "#server/reservations/booking-links";
import { completePayLink, payByLink, payLinkState } from "#server/reservations/pay-link";
import type { Route } from "./+types/pay";

/** Card pages load no analytics or tag manager (spec §9). */
export const handle = { analytics: false };

/**
 * `/reserve/pay?no=…&exp=…&sig=…`: a booking taken at the counter, paid by card in advance from the
 * signed link of its mail (issue 24). Coming back from 3-D Secure (`&returning=1`), the payment's
 * outcome is read from the gateway. A link whose signature does not hold is not found.
 */
async function linkedBooking(context: Route.LoaderArgs["context"], request: Request) {
  const { siteId } = getSite(context);
  return findByLink(services(context).db, siteId, "pay", linkFromQuery(new URL(request.url).searchParams));
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { reservation, link } = await linkedBooking(context, request);
  const { siteId, bundle, locale } = getSite(context);
  const { db, payments } = services(context);
  let r = reservation;
  let refused = null;
  if (new URL(request.url).searchParams.has("returning")) {
    const answer = await completePayLink(db, siteId, r, payments);
    if (answer?.outcome === "refused") refused = answer.reason;
    if (answer?.outcome === "paid") r = { ...r, paymentStatus: "paid" };
  }
  return {
    state: payLinkState(r, link, new Date()),
    booking: linkedBookingView(bundle, r, locale),
    attemptKey: newIdempotencyKey(),
    years: expiryYears(),
    refused,
    stripe: stripeCardConfig(context),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { reservation: r, link } = await linkedBooking(context, request);
  const { siteId } = getSite(context);
  const { db, payments } = services(context);
  const form = await request.formData();
  const url = new URL(request.url);
  if (payLinkState(r, link, new Date()) !== "open") return redirect(`${url.pathname}${url.search}`);
  const attemptKey = String(form.get("attempt_key") ?? "");
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(attemptKey)) return formFailure(form, { form: { code: "invalid_input" } });
  return handleForm(form, cardSchemaFor(payments.kind), async (input) => {
    const returning = new URL(url);
    returning.searchParams.set("returning", "1");
    const answer = await payByLink(
      db,
      siteId,
      r,
      {
        source: cardSourceOf(input),
        attemptKey,
        returnUrl: `${publicOrigin(request, context)}${returning.pathname}${returning.search}`,
      },
      payments,
    );
    if (answer.outcome === "requires_action") {
      return redirect(challengeUrl(answer.actionUrl, `${returning.pathname}${returning.search}`));
    }
    if (answer.outcome === "refused") return formFailure(form, { form: answer.reason });
    return redirect(`${url.pathname}${url.search}`);
  });
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "payLink.title");

export default function PayByLink({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const yen = useYen();
  const navigation = useNavigation();
  const values = actionData?.values ?? {};
  const serverErrors = actionData?.errors ?? (d.refused ? { form: d.refused } : NO_FORM_ERRORS);
  const { errors, setErrors, formRef, onSubmit, onChange } = useFormValidation(
    d.stripe ? StripeCardSchema : CardSchema,
    serverErrors,
  );
  const stripeSubmit = useStripeCardSubmit(setErrors);
  const hydrated = useHydrated();
  const busy = (navigation.state !== "idle" && navigation.formMethod === "POST") || stripeSubmit.creating;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-3 pt-3 pb-8 outline-none sm:px-4">
      <h1 className="mt-4 text-2xl font-bold" data-testid="page-title">
        {t("payLink.title")}
      </h1>
      <p className="mt-1 text-gray-700">{t("payLink.lead")}</p>
      <LinkedBooking booking={d.booking} />
      {d.state === "paid" ? (
        <p className="card mt-4 p-4 font-semibold text-green-900" role="status" data-testid="pay-done">
          {t("payLink.paid")}
        </p>
      ) : d.state === "closed" ? (
        <p className="card mt-4 p-4" data-testid="pay-closed">
          {t("payLink.closed")}
        </p>
      ) : (
        <Form
          method="post"
          ref={formRef}
          onSubmit={(event) => {
            if (busy) event.preventDefault();
            else if (d.stripe) stripeSubmit.onSubmit(event);
            else onSubmit(event);
          }}
          onChange={onChange}
          noValidate
          className="card mt-4 flex flex-col gap-4 p-4"
          data-testid="reserve-card-form"
        >
          <CsrfField />
          <input type="hidden" name="attempt_key" value={d.attemptKey} />
          <FormNotice errors={errors} />
          <ul className="list-disc pl-5 text-sm text-gray-800">
            <li>{t("creditCard.jcbNote")}</li>
            <li>{t("creditCard.secureNote")}</li>
          </ul>
          {d.stripe ? (
            <StripeCardField
              config={d.stripe}
              errors={errors}
              setErrors={setErrors}
              control={stripeSubmit.control}
              values={values}
              refusal={actionData ?? d.refused}
            />
          ) : (
            <CardFields
              errors={errors}
              values={values}
              years={d.years}
              formRef={formRef}
              refused={Boolean(actionData || d.refused)}
            />
          )}
          <p className="flex items-baseline justify-between gap-3 border-t border-gray-200 pt-3">
            <span className="text-sm text-gray-700">{t("reserveCard.amount")}</span>
            <span className="price text-xl font-bold" data-testid="card-total">
              {yen(d.booking.total)}
            </span>
          </p>
          {/* A new card on Stripe needs JavaScript: no button that could only fail without it. */}
          <button
            type="submit"
            className="btn-primary w-full"
            aria-disabled={busy || undefined}
            hidden={Boolean(d.stripe) && !hydrated}
            data-testid="card-pay"
          >
            {busy ? t("confirm.submitting") : t("payLink.submit")}
          </button>
        </Form>
      )}
    </main>
  );
}
