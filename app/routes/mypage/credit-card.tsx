import { Form, redirect, useNavigation } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { brandKey, CardFields } from "#app/components/form/card-fields";
import { FormNotice } from "#app/components/form/fields";
import { StripeCardField, useStripeCardSubmit } from "#app/components/form/stripe-card-field";
import { redirectWithFlash } from "#app/lib/flash.server";
import { handleForm } from "#app/lib/form-action.server";
import { NO_FORM_ERRORS, useFormValidation } from "#app/lib/forms";
import { requireUser } from "#app/lib/guards.server";
import { useHydrated } from "#app/lib/hydrated";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { publicOrigin } from "#app/lib/seo.server";
import { getSession } from "#app/lib/session.server";
import { getSite, requireId, services } from "#app/lib/site.server";
import { CARD_SETUP_KEY, cardPagePath, challengeUrl, stripeCardConfig } from "#app/lib/stripe.server";
import { CardSchema, cardSchemaFor, expiryYears, StripeCardSchema } from "#server/cards/card.schema";
import { addCard, completeCardSetup, deleteCard, listCards, setDefaultCard } from "#server/cards/cards";
import { AppError } from "#server/errors";
import type { Route } from "./+types/credit-card";

/** Card pages load no analytics or tag manager (spec §9). */
export const handle = { analytics: false };

const cardPage = cardPagePath;

/**
 * Saved cards (spec §2 /mypage/user/credit_card, §3, §5, §9). Coming back from the 3-D Secure
 * challenge (`?setup=`), the setup is finished only when it is the one this session started, and
 * its outcome is read from the gateway.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const member = await requireUser(context, request);
  const { siteId, locale } = getSite(context);
  const { db, payments } = services(context);
  const setupId = new URL(request.url).searchParams.get("setup");
  if (setupId !== null) {
    const session = getSession(context);
    const pending = (await session.data())[CARD_SETUP_KEY];
    if (typeof pending !== "string" || pending !== setupId) throw redirect(cardPage(siteId, locale));
    await session.setData(CARD_SETUP_KEY, undefined);
    try {
      await completeCardSetup(db, siteId, member.id, setupId, payments);
    } catch (error) {
      if (!(error instanceof AppError) || error.status === 404) throw error;
      throw redirectWithFlash(request, cardPage(siteId, locale), {
        kind: "danger",
        key: "reason.authentication_failed",
      });
    }
    throw redirectWithFlash(request, cardPage(siteId, locale), { kind: "success", key: "creditCard.flash.added" });
  }
  return { cards: await listCards(db, siteId, member.id), years: expiryYears(), stripe: stripeCardConfig(context) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const member = await requireUser(context, request);
  const { siteId, locale } = getSite(context);
  const { db, payments } = services(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = cardPage(siteId, locale);
  if (intent === "default" || intent === "delete") {
    const cardId = requireId(typeof form.get("card_id") === "string" ? (form.get("card_id") as string) : undefined);
    if (intent === "default") {
      await setDefaultCard(db, siteId, member.id, cardId, payments);
      return redirectWithFlash(request, back, { kind: "success", key: "creditCard.flash.default" });
    }
    await deleteCard(db, siteId, member.id, cardId, payments);
    return redirectWithFlash(request, back, { kind: "success", key: "creditCard.flash.deleted" });
  }
  // Typed card details with the simulator; with Stripe only a PaymentMethod made by Stripe.js.
  const returnTo = (setupId: string) => `${back}?setup=${encodeURIComponent(setupId)}`;
  return handleForm(form, cardSchemaFor(payments.kind), async (input) => {
    const result = await addCard(
      db,
      siteId,
      member.id,
      input,
      payments,
      (setupId) => `${publicOrigin(request, context)}${returnTo(setupId)}`,
    );
    if (result.status === "saved") {
      return redirectWithFlash(request, back, { kind: "success", key: "creditCard.flash.added" });
    }
    await getSession(context).setData(CARD_SETUP_KEY, result.setupId);
    return redirect(challengeUrl(result.actionUrl, returnTo(result.setupId)));
  });
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "creditCard.title");

export default function CreditCard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const { cards, years, stripe } = loaderData;
  const { errors, setErrors, formRef, onSubmit, onChange } = useFormValidation(
    stripe ? StripeCardSchema : CardSchema,
    actionData?.errors ?? NO_FORM_ERRORS,
  );
  const stripeSubmit = useStripeCardSubmit(setErrors);
  const hydrated = useHydrated();
  const values = actionData?.values ?? {};
  const busy = navigation.state === "submitting" || stripeSubmit.creating;
  return (
    <main id="main" tabIndex={-1} className="max-w-xl outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("creditCard.title")}
      </h1>
      <p className="mt-2 text-gray-700">{t("creditCard.lead")}</p>
      <section className="mt-6" aria-labelledby="saved-cards">
        <h2 id="saved-cards" className="mb-2 text-lg font-bold">
          {t("creditCard.saved")}
        </h2>
        {cards.length === 0 ? (
          <p className="card p-4" data-testid="no-cards">
            {t("creditCard.empty")}
          </p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="card-list">
            {cards.map((card) => {
              const brand = t(brandKey(card.brand));
              const exp = `${String(card.expMonth).padStart(2, "0")}/${String(card.expYear % 100).padStart(2, "0")}`;
              return (
                <li key={card.id} className="card p-4" data-testid="saved-card" data-last4={card.last4}>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-bold">{brand}</span>
                    <span aria-hidden="true">•••• {card.last4}</span>
                    <span className="sr-only">{t("creditCard.ending", { last4: card.last4 })}</span>
                    {card.isDefault ? (
                      <span
                        className="rounded bg-green-800 px-2 py-0.5 text-xs font-bold text-white"
                        data-testid="default-badge"
                      >
                        {t("creditCard.default")}
                      </span>
                    ) : null}
                  </div>
                  <p className="mt-1 text-sm text-gray-800">{card.holder}</p>
                  <p className="text-sm text-gray-800">{t("creditCard.expires", { exp })}</p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    {card.isDefault ? null : (
                      <Form method="post">
                        <CsrfField />
                        <input type="hidden" name="intent" value="default" />
                        <input type="hidden" name="card_id" value={card.id} />
                        <button type="submit" className="btn-secondary" data-testid="make-default">
                          {t("creditCard.makeDefault")}
                        </button>
                      </Form>
                    )}
                    <details className="w-full">
                      <summary className="btn-secondary inline-flex cursor-pointer" data-testid="delete-card">
                        {t("creditCard.delete")}
                      </summary>
                      <Form method="post" className="mt-2 rounded-md border border-red-300 bg-red-50 p-3">
                        <CsrfField />
                        <input type="hidden" name="intent" value="delete" />
                        <input type="hidden" name="card_id" value={card.id} />
                        <p className="text-sm text-red-900">
                          {t("creditCard.deleteConfirm", { brand, last4: card.last4 })}
                        </p>
                        <button
                          type="submit"
                          className="btn-primary mt-2 w-full bg-red-700"
                          data-testid="delete-confirm"
                        >
                          {t("creditCard.deleteYes")}
                        </button>
                      </Form>
                    </details>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section className="mt-8" aria-labelledby="add-card">
        <h2 id="add-card" className="mb-2 text-lg font-bold">
          {t("creditCard.add")}
        </h2>
        <ul className="mb-3 list-disc pl-5 text-sm text-gray-800">
          <li data-testid="jcb-note">{t("creditCard.jcbNote")}</li>
          <li>{t("creditCard.secureNote")}</li>
        </ul>
        <Form
          method="post"
          ref={formRef}
          onSubmit={stripe ? stripeSubmit.onSubmit : onSubmit}
          onChange={onChange}
          noValidate
          className="card flex flex-col gap-4 p-5"
          data-testid="card-form"
        >
          <CsrfField />
          <FormNotice errors={errors} />
          <input type="hidden" name="intent" value="add" />
          {stripe ? (
            <StripeCardField
              config={stripe}
              errors={errors}
              setErrors={setErrors}
              control={stripeSubmit.control}
              values={values}
              refusal={actionData}
            />
          ) : (
            <CardFields errors={errors} values={values} years={years} formRef={formRef} refused={Boolean(actionData)} />
          )}
          {/* Stripe's card field needs JavaScript: no button that could only fail without it. */}
          <button
            type="submit"
            className="btn-primary w-full"
            disabled={busy}
            hidden={Boolean(stripe) && !hydrated}
            data-testid="card-submit"
          >
            {busy ? t("form.submitting") : t("creditCard.submit")}
          </button>
        </Form>
      </section>
    </main>
  );
}
