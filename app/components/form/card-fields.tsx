import { type RefObject, useEffect } from "react";
import type { MessageKey } from "#app/i18n/messages";
import { useI18n } from "#app/lib/i18n";
import type { ReasonLike } from "#common/app-error";
import { Field, inputClass, TextField } from "./fields";

const BRANDS = ["visa", "mastercard", "amex", "diners", "discover", "jcb", "unionpay"] as const;
/** The message naming a card brand. */
export const brandKey = (brand: string): MessageKey =>
  (BRANDS as readonly string[]).includes(brand)
    ? (`creditCard.brand.${brand}` as MessageKey)
    : "creditCard.brand.unknown";

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));

/** The card holder's name, as typed cards and Stripe.js's Card Element both take it; kept after a refusal. */
export function HolderField(props: { errors: Partial<Record<string, ReasonLike>>; values: Record<string, string> }) {
  return (
    <TextField
      name="holder"
      label="creditCard.holder"
      hint="creditCard.holderHint"
      required
      errors={props.errors}
      autoComplete="cc-name"
      maxLength={100}
      defaultValue={props.values.holder}
    />
  );
}

/**
 * Card number, holder, expiry and CVC (spec §5 card rules), for My Page and the booking's card
 * step. The number and the CVC are never sent back: after a refusal they are emptied and asked
 * again, while the holder and the expiry stay as typed.
 */
export function CardFields({
  errors,
  values,
  years,
  formRef,
  refused,
}: {
  errors: Partial<Record<string, ReasonLike>>;
  values: Record<string, string>;
  years: readonly number[];
  formRef: RefObject<HTMLFormElement | null>;
  refused: boolean;
}) {
  const { t } = useI18n();
  useEffect(() => {
    if (!refused) return;
    for (const name of ["card_number", "cvc"]) {
      const field = formRef.current?.elements.namedItem(name);
      if (field instanceof HTMLInputElement) field.value = "";
    }
  }, [refused, formRef]);
  return (
    <>
      <TextField
        name="card_number"
        label="creditCard.number"
        hint="creditCard.numberHint"
        required
        errors={errors}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
      />
      <HolderField errors={errors} values={values} />
      <Field name="exp_month" label="creditCard.expiry" required errors={errors}>
        {(ids) => (
          <div className="flex gap-2">
            <select
              name="exp_month"
              className={inputClass}
              autoComplete="cc-exp-month"
              defaultValue={values.exp_month ?? ""}
              {...ids}
            >
              <option value="">{t("creditCard.expMonth")}</option>
              {MONTHS.map((m) => (
                <option key={m} value={String(Number(m))}>
                  {m}
                </option>
              ))}
            </select>
            <select
              name="exp_year"
              className={inputClass}
              autoComplete="cc-exp-year"
              aria-label={`${t("creditCard.expiry")} ${t("creditCard.expYear")}`}
              aria-invalid={ids["aria-invalid"]}
              defaultValue={values.exp_year ?? ""}
            >
              <option value="">{t("creditCard.expYear")}</option>
              {years.map((y) => (
                <option key={y} value={String(y)}>
                  {y}
                </option>
              ))}
            </select>
          </div>
        )}
      </Field>
      <TextField
        name="cvc"
        label="creditCard.cvc"
        hint="creditCard.cvcHint"
        required
        errors={errors}
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={4}
        className={`${inputClass} max-w-32`}
      />
    </>
  );
}
