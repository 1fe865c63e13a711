import { useOptionPrice, useYen } from "#app/components/car/price";
import { inputClass, RadioField } from "#app/components/form/fields";
import { FieldError } from "#app/components/search/field-error";
import type { MessageKey } from "#app/i18n/messages";
import { useI18n } from "#app/lib/i18n";
import type { QuoteView } from "#app/presenters/booking.server";
import type { ReasonLike } from "#common/app-error";
import { optionField } from "#server/reservations/options.schema";

/** The fields of the options step (app/routes/reserve/options.tsx). */

/** One option of the options step: its name, price and limit, and the quantity chosen (0 to its maximum). */
export function OptionRow({
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

/** The collision damage waiver: a checkbox with its price per day. */
export function ImmunityChoice({ perDay, checked }: { perDay: number; checked: boolean }) {
  const { t } = useI18n();
  const yen = useYen();
  return (
    <section aria-labelledby="immunity-heading" className="card p-4">
      <h2 id="immunity-heading" className="font-bold">
        {t("booking.immunity.heading")}
      </h2>
      <label className="mt-2 flex min-h-11 items-start gap-3">
        <input
          type="checkbox"
          name="immunity"
          value="1"
          defaultChecked={checked}
          aria-describedby="immunity-hint"
          className="mt-0.5"
          data-testid="immunity"
        />
        <span>{t("booking.immunity.label", { price: yen(perDay) })}</span>
      </label>
      <p id="immunity-hint" className="mt-1 text-sm text-gray-700">
        {t("booking.immunity.hint")}
      </p>
    </section>
  );
}

/**
 * What to do when a chosen option in limited stock cannot be provided (spec §5): keep the booking
 * without it, or cancel. `value` is the answer chosen; the page starts on keeping the booking.
 */
export function NotPossibleChoice({
  lead,
  errors,
  value,
}: {
  lead: MessageKey;
  errors: Partial<Record<string, ReasonLike>>;
  value: string;
}) {
  const { t } = useI18n();
  return (
    <section className="card border-l-4 border-amber-600 p-4" data-testid="not-possible">
      <p className="mb-2 text-sm text-gray-800">{t(lead)}</p>
      <RadioField
        name="option_not_possible_type"
        label="booking.notPossible.legend"
        required
        errors={errors}
        value={value}
        options={[
          { value: "1", label: t("booking.notPossible.reserve") },
          { value: "2", label: t("booking.notPossible.cancel") },
        ]}
      />
    </section>
  );
}
