import { fieldAnchor } from "#app/components/form/fields";
import { FieldError } from "#app/components/search/field-error";
import { useI18n } from "#app/lib/i18n";
import type { ReasonLike } from "#common/app-error";
import { LONG_RENTAL_FIELD } from "#common/long-rental";
import { telHref, telShown } from "#common/tel";

/**
 * A rental over the site's long-rental days (issue 40): the store's phone to talk it over, or a
 * box to tick to go on; the options step's action refuses Next without it.
 */
export function LongRentalCheck({
  days,
  rentalDays,
  store,
  errors,
  checked,
}: {
  days: number;
  rentalDays: number;
  store: { name: string; tel: string };
  errors: Partial<Record<string, ReasonLike>>;
  checked: boolean;
}) {
  const { t, locale } = useI18n();
  const error = errors[LONG_RENTAL_FIELD];
  const errorId = `${LONG_RENTAL_FIELD}-error`;
  return (
    <section
      aria-labelledby="long-rental-heading"
      className="card border-l-4 border-amber-600 p-4"
      id={fieldAnchor(LONG_RENTAL_FIELD)}
      data-field={LONG_RENTAL_FIELD}
      data-testid="long-rental"
    >
      <h2 id="long-rental-heading" className="font-bold">
        {t("longRental.title", { days })}
      </h2>
      <p className="mt-1 text-sm text-gray-800">
        {t("longRental.lead")}{" "}
        {store.tel ? (
          <a href={telHref(store.tel)} className="link tap font-semibold" data-testid="long-rental-tel">
            {store.name} {telShown(store.tel, locale)}
          </a>
        ) : (
          store.name
        )}
      </p>
      <label className="tap mt-3 flex items-start gap-2">
        <input
          type="checkbox"
          name={LONG_RENTAL_FIELD}
          value="1"
          defaultChecked={checked}
          className="mt-1 size-5 shrink-0"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid="long-rental-confirm"
        />
        <span>{t("longRental.confirm", { n: rentalDays })}</span>
      </label>
      <FieldError id={errorId} reason={error} />
    </section>
  );
}
