import { type Dispatch, type FormEvent, type SetStateAction, useEffect, useId, useRef, useState } from "react";
import { useRouteLoaderData, useSubmit } from "react-router";
import { FieldError } from "#app/components/search/field-error";
import { issuesToErrors } from "#app/lib/forms";
import { useHydrated } from "#app/lib/hydrated";
import { useI18n } from "#app/lib/i18n";
import {
  type CardElement,
  isRefusedBrand,
  STRIPE_JS_URL,
  type StripeCardConfig,
  type StripeInstance,
  stripeErrorReason,
  stripeInstance,
  whenStripeJsLoaded,
} from "#app/lib/stripe-js";
import type { loader as rootLoader } from "#app/root";
import type { ReasonLike } from "#common/app-error";
import { StripeCardSchema } from "#server/cards/card.schema";
import { HolderField } from "./card-fields";
import { inputClass, labelClass, RequiredMark } from "./fields";

type Errors = Partial<Record<string, ReasonLike>>;
const FIELD = "payment_method_id";

/** What the page's submit asks of the card field. */
interface StripeCardControl {
  createPaymentMethod(holder: string): Promise<{ id: string } | { reason: ReasonLike }>;
  focus(): void;
}

/**
 * The submit of a card form on Stripe (decision 024): the holder is checked with the use case's
 * schema, Stripe.js makes a PaymentMethod from the Card Element, its id goes into the hidden
 * `payment_method_id` field, and the form posts to the route's action as it always did.
 */
export function useStripeCardSubmit(setErrors: Dispatch<SetStateAction<Errors>>) {
  const control = useRef<StripeCardControl>(null);
  const submit = useSubmit();
  const [creating, setCreating] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (creating) return;
    const form = event.currentTarget;
    const fields = Object.fromEntries(new FormData(form));
    const parsed = StripeCardSchema.safeParse(fields);
    // The PaymentMethod does not exist yet: only the other fields can be wrong now.
    const { [FIELD]: _notYet, ...found } = parsed.success ? {} : issuesToErrors(parsed.error.issues);
    if (Object.keys(found).length) {
      setErrors(found);
      form.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]:not([type="hidden"])`)?.focus();
      return;
    }
    setCreating(true);
    const made = control.current
      ? await control.current.createPaymentMethod(String(fields.holder ?? "").trim())
      : { reason: { code: "card_form_unavailable" } };
    setCreating(false);
    if ("reason" in made) {
      setErrors({ [FIELD]: made.reason });
      control.current?.focus();
      return;
    }
    const hidden = form.elements.namedItem(FIELD);
    if (hidden instanceof HTMLInputElement) hidden.value = made.id;
    await submit(form);
  };
  return { control, creating, onSubmit };
}

type Status = "loading" | "ready" | "unavailable";

/**
 * Holder (our own field) and Stripe's Card Element, localized to the page's language. The card
 * number, expiry and CVC live in Stripe's frame and never reach this page's DOM or our server.
 * Stripe.js's errors show under the field in our words. Without JavaScript nothing here can work,
 * so the visitor reads why instead of a form that cannot be sent.
 */
export function StripeCardField({
  config,
  errors,
  setErrors,
  control,
  values,
  refusal,
}: {
  config: StripeCardConfig;
  errors: Errors;
  setErrors: Dispatch<SetStateAction<Errors>>;
  control: { current: StripeCardControl | null };
  values: Record<string, string>;
  /** Changes with each refusal from the server: the card is asked again, as with typed cards. */
  refusal: unknown;
}) {
  const { t } = useI18n();
  const nonce = useRouteLoaderData<typeof rootLoader>("root")?.nonce;
  const hydrated = useHydrated();
  const base = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<CardElement | null>(null);
  const [status, setStatus] = useState<Status>("loading");
  const error = errors[FIELD];

  const { publishableKey, locale } = config;
  useEffect(() => {
    const keyed = { publishableKey, locale };
    let card: CardElement | null = null;
    let empty = true;
    const setReason = (reason: ReasonLike | null) =>
      setErrors((current) => {
        const { [FIELD]: _old, ...rest } = current;
        return reason ? { ...rest, [FIELD]: reason } : rest;
      });
    const mount = (stripe: StripeInstance) => {
      const node = mountRef.current;
      if (!node || card) return;
      card = stripe.elements({ locale }).create("card", {
        // Japanese cards have no postal code check; Link would add frames and hosts of its own.
        hidePostalCode: true,
        disableLink: true,
        style: {
          base: {
            fontSize: "16px",
            color: "#111827",
            fontFamily: "system-ui, -apple-system, 'Segoe UI', sans-serif",
            "::placeholder": { color: "#4b5563" },
          },
          invalid: { color: "#b91c1c", iconColor: "#b91c1c" },
        },
      });
      card.on("ready", () => setStatus("ready"));
      card.on("change", (e) => {
        empty = e.empty;
        if (e.error) setReason({ code: stripeErrorReason(e.error, e.empty) });
        else if (isRefusedBrand(e.brand)) setReason({ code: "jcb_not_accepted" });
        else setReason(null);
      });
      card.mount(node);
      cardRef.current = card;
      const mounted = card;
      control.current = {
        focus: () => mounted.focus(),
        async createPaymentMethod(holder) {
          try {
            const { paymentMethod, error } = await stripe.createPaymentMethod({
              type: "card",
              card: mounted,
              billing_details: { name: holder },
            });
            if (error || !paymentMethod) return { reason: { code: stripeErrorReason(error ?? {}, empty) } };
            // The server refuses JCB too (by the PaymentMethod's brand); this only saves a round trip.
            if (isRefusedBrand(paymentMethod.card?.brand)) return { reason: { code: "jcb_not_accepted" } };
            return { id: paymentMethod.id };
          } catch {
            return { reason: { code: "card_form_unavailable" } };
          }
        },
      };
    };
    const stop = whenStripeJsLoaded(
      (factory) => {
        setStatus((s) => (s === "unavailable" ? "loading" : s));
        mount(stripeInstance(factory, keyed));
      },
      () => setStatus((s) => (s === "loading" ? "unavailable" : s)),
      nonce,
    );
    return () => {
      stop();
      control.current = null;
      cardRef.current = null;
      card?.destroy();
    };
  }, [publishableKey, locale, control, setErrors, nonce]);

  // After a refusal the card is entered again (the holder stays).
  useEffect(() => {
    if (refusal) cardRef.current?.clear();
  }, [refusal]);

  const hintId = `${base}-hint`;
  const errorId = `${base}-error`;
  const shown: ReasonLike | undefined =
    error ?? (status === "unavailable" ? { code: "card_form_unavailable" } : undefined);
  return (
    <>
      {/* Loaded only where this field is (the card pages), with the request's nonce. */}
      <script src={STRIPE_JS_URL} async nonce={nonce} />
      <noscript>
        <p
          className="rounded-md border border-amber-500 bg-amber-50 px-4 py-3 font-semibold text-gray-900"
          data-testid="stripe-needs-js"
        >
          {t("creditCard.needsJs")}
        </p>
      </noscript>
      <div hidden={!hydrated} className="flex flex-col gap-4" data-testid="stripe-card">
        <HolderField errors={errors} values={values} />
        <fieldset data-field={FIELD} aria-describedby={shown ? `${hintId} ${errorId}` : hintId}>
          <legend className={labelClass}>
            {t("creditCard.stripeCard")}
            <RequiredMark required />
          </legend>
          <p id={hintId} className="mb-1 text-sm text-gray-700">
            {t("creditCard.stripeHint")}
          </p>
          {/* Stripe mounts its frame here; React renders nothing inside. */}
          <div
            ref={mountRef}
            aria-busy={status === "loading" || undefined}
            className={`${inputClass} py-3`}
            data-testid="stripe-card-element"
            data-status={status}
          />
          {status === "loading" ? (
            <p role="status" className="mt-1 text-sm text-gray-700" data-testid="stripe-loading">
              {t("creditCard.stripeLoading")}
            </p>
          ) : null}
          <FieldError id={errorId} reason={shown} />
          {shown ? <span hidden data-testid={`error-${FIELD}`} /> : null}
          <input type="hidden" name={FIELD} defaultValue="" />
        </fieldset>
      </div>
    </>
  );
}
