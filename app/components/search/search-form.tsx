import { useId, useMemo, useRef, useState } from "react";
import { Form } from "react-router";
import { PERIOD_LABEL } from "#app/i18n/labels";
import type { MessageKey } from "#app/i18n/messages";
import { NO_FORM_ERRORS, useFormValidation } from "#app/lib/forms";
import { useI18n } from "#app/lib/i18n";
import type { SearchFormData } from "#app/presenters/search.server";
import { addDays, isValidIsoDate } from "#common/calendar-date";
import type { FieldErrors } from "#server/availability/reasons";
import { searchFormSchema } from "#server/availability/search-form.schema";
import { FieldError } from "./field-error";

const input = "field";
const label = "mb-1 block text-sm font-semibold text-gray-800";

/**
 * The availability search (spec §2 top and /reserve). A plain GET form: it works before
 * JavaScript loads and the server checks everything. With JavaScript it helps: the chosen
 * store's times and bookable dates, the return date following the departure, and the form's
 * schema (with the store's closed days and hours) checked before sending.
 * Date fields are native date inputs: keyboard operable, labelled in the page language.
 */
/**
 * A date field shows only a real date: the browser would blank "2026-02-30" anyway, and it is not a
 * valid value for a date input. The error beside the field says what was wrong.
 */
const dateValue = (value: string | undefined) => (value && isValidIsoDate(value) ? value : "");

export function SearchForm({
  action,
  data,
  errors: serverErrors = NO_FORM_ERRORS,
  compact = false,
}: {
  action: string;
  data: SearchFormData;
  errors?: FieldErrors;
  compact?: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const edRef = useRef<HTMLInputElement>(null);
  const periodRef = useRef<HTMLSelectElement>(null);
  const [storeId, setStoreId] = useState(data.storeId);
  const store = data.stores.find((s) => s.id === storeId) ?? (data.stores.length === 1 ? data.stores[0] : undefined);
  const schema = useMemo(
    () => searchFormSchema(store ? { schedule: store.schedule, holidays: store.holidays } : undefined, data.minDate),
    [store, data.minDate],
  );
  const { errors, formRef, onSubmit, onChange } = useFormValidation(schema, serverErrors);
  const f = (name: string) => `${id}-${name}`;
  const describedBy = (name: string) => (errors[name] ? `${f(name)}-error` : undefined);
  const { values } = data;
  const multiStore = data.stores.length > 1;
  // A typed time outside the store's hours stays listed, so the form shows it back with its error.
  const times = store ? [...new Set([...store.times, ...[values.st, values.et].filter(Boolean)])].sort() : data.times;

  /** The return date follows the departure by the chosen rental period, or the site's default. */
  const followDeparture = (sd: string, slug: string) => {
    const days = data.periods.find((p) => p.slug === slug)?.days ?? data.defaultPeriodDays;
    if (isValidIsoDate(sd) && edRef.current) edRef.current.value = addDays(sd, days);
  };

  const field = (name: string, labelKey: MessageKey, control: React.ReactNode) => (
    <div className="min-w-0">
      <label htmlFor={f(name)} className={label}>
        {t(labelKey)}
      </label>
      {control}
      <FieldError id={`${f(name)}-error`} reason={errors[name]} />
    </div>
  );
  const aria = (name: string) => ({
    id: f(name),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": describedBy(name),
  });
  const timeSelect = (name: "st" | "et", value: string) => (
    <select name={name} defaultValue={value} className={input} {...aria(name)}>
      {times.map((time) => (
        <option key={time} value={time}>
          {time}
        </option>
      ))}
    </select>
  );

  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
      className={compact ? "" : "card p-4 sm:p-5"}
      data-testid="search-form"
      aria-label={t("search.title")}
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
    >
      <div className={`grid grid-cols-2 gap-x-3 gap-y-3 ${compact ? "" : "lg:grid-cols-4"}`}>
        {multiStore ? (
          <div className={compact ? "col-span-2" : "col-span-2 lg:col-span-4"}>
            {field(
              "si",
              "search.store",
              <select
                name="si"
                defaultValue={data.storeId ? String(data.storeId) : ""}
                className={input}
                onChange={(e) => setStoreId(Number(e.currentTarget.value) || null)}
                {...aria("si")}
              >
                <option value="">{t("search.storePlaceholder")}</option>
                {data.stores.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>,
            )}
          </div>
        ) : store ? (
          <input type="hidden" name="si" value={store.id} />
        ) : null}
        {field(
          "sd",
          "search.departureDate",
          <input
            type="date"
            name="sd"
            defaultValue={dateValue(values.sd)}
            min={store?.minDate ?? data.minDate}
            max={store?.maxDate}
            className={input}
            data-testid="search-sd"
            onChange={(e) => followDeparture(e.currentTarget.value, periodRef.current?.value ?? "")}
            {...aria("sd")}
          />,
        )}
        {field("st", "search.departureTime", timeSelect("st", values.st))}
        {field(
          "ed",
          "search.returnDate",
          <input
            ref={edRef}
            type="date"
            name="ed"
            defaultValue={dateValue(values.ed)}
            min={store?.minDate ?? data.minDate}
            max={store?.maxDate}
            className={input}
            data-testid="search-ed"
            onChange={() => {
              if (periodRef.current) periodRef.current.value = "";
            }}
            {...aria("ed")}
          />,
        )}
        {field("et", "search.returnTime", timeSelect("et", values.et))}
        <div className="col-span-2">
          {field(
            "period",
            "search.rentalPeriod",
            <select
              ref={periodRef}
              name="rental_period_slug"
              defaultValue={values.rentalPeriodSlug}
              className={input}
              onChange={(e) => {
                const sd = e.currentTarget.form?.querySelector<HTMLInputElement>('[name="sd"]')?.value ?? "";
                if (e.currentTarget.value) followDeparture(sd, e.currentTarget.value);
              }}
              {...aria("period")}
            >
              <option value="">{t("search.rentalPeriodCustom")}</option>
              {data.periods.map(({ slug }) => (
                <option key={slug} value={slug}>
                  {t(PERIOD_LABEL[slug])}
                </option>
              ))}
            </select>,
          )}
        </div>
        <label className={`flex min-h-11 items-center gap-2 ${compact ? "col-span-2" : "col-span-2 lg:col-span-1"}`}>
          <input type="checkbox" name="date_undecided" value="1" defaultChecked={data.undecided} />
          <span>{t("search.dateUndecided")}</span>
        </label>
        <div className={`col-span-2 flex items-end ${compact ? "" : "lg:col-span-1"}`}>
          <button type="submit" className="btn-primary w-full" data-testid="search-submit">
            {t("search.submit")}
          </button>
        </div>
      </div>
    </Form>
  );
}
