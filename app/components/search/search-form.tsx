import { useId, useRef } from "react";
import { Form } from "react-router";
import type { FieldErrors } from "../../../server/availability/reasons";
import { SearchFormSchema } from "../../../server/availability/search-form.schema";
import { PERIOD_LABEL } from "../../i18n/labels";
import type { MessageKey } from "../../i18n/messages";
import { useFormValidation } from "../../lib/forms";
import { useI18n } from "../../lib/i18n";
import type { SearchFormData } from "../../presenters/search.server";
import { FieldError } from "./field-error";

const input =
  "block w-full rounded border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700";
const label = "mb-1 block text-sm font-semibold text-gray-800";

function addDaysIso(date: string, days: number): string | null {
  const t = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(t)) return null;
  return new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}

const NO_ERRORS: FieldErrors = {};

/**
 * The availability search (spec §2 top and /reserve). A plain GET form: it works before
 * JavaScript loads; with it, the form's schema checks it before sending and choosing a rental
 * period fills the return date.
 * Date fields are native date inputs: keyboard operable, labelled in the page language.
 */
export function SearchForm({
  action,
  data,
  errors: serverErrors = NO_ERRORS,
  extra,
  compact = false,
}: {
  action: string;
  data: SearchFormData;
  errors?: FieldErrors;
  /** Filters and sort to keep when searching again. */
  extra?: Record<string, string>;
  compact?: boolean;
}) {
  const { t } = useI18n();
  const { errors, onSubmit, onChange } = useFormValidation(SearchFormSchema, serverErrors);
  const id = useId();
  const sdRef = useRef<HTMLInputElement>(null);
  const edRef = useRef<HTMLInputElement>(null);
  const periodRef = useRef<HTMLSelectElement>(null);
  const f = (name: string) => `${id}-${name}`;
  const describedBy = (name: string) => (errors[name] ? `${f(name)}-error` : undefined);
  const { values } = data;
  const multiStore = data.stores.length > 1;

  const fillReturn = (slug: string) => {
    const days = data.periods.find((p) => p.slug === slug)?.days;
    const sd = sdRef.current?.value;
    if (days === undefined || !sd || !edRef.current) return;
    const ed = addDaysIso(sd, days);
    if (ed) edRef.current.value = ed;
  };

  const timeSelect = (name: "st" | "et", value: string, labelKey: MessageKey) => (
    <div>
      <label htmlFor={f(name)} className={label}>
        {t(labelKey)}
      </label>
      <select
        id={f(name)}
        name={name}
        defaultValue={value}
        className={input}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name)}
      >
        {data.times.map((time) => (
          <option key={time} value={time}>
            {time}
          </option>
        ))}
      </select>
      <FieldError id={`${f(name)}-error`} reason={errors[name]} />
    </div>
  );

  return (
    <Form
      method="get"
      action={action}
      className={`rounded-lg bg-white p-4 shadow ${compact ? "" : "sm:p-6"}`}
      data-testid="search-form"
      aria-label={t("search.title")}
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
    >
      {errors.form ? (
        <p role="alert" className="mb-3 font-semibold text-red-700">
          <FieldError id={`${f("form")}-error`} reason={errors.form} />
        </p>
      ) : null}
      <div className={`grid gap-4 ${compact ? "" : "md:grid-cols-2 lg:grid-cols-4"}`}>
        {multiStore ? (
          <div className={compact ? "" : "md:col-span-2 lg:col-span-4"}>
            <label htmlFor={f("si")} className={label}>
              {t("search.store")}
            </label>
            <select
              id={f("si")}
              name="si"
              defaultValue={data.storeId ? String(data.storeId) : ""}
              className={input}
              aria-invalid={errors.si ? true : undefined}
              aria-describedby={describedBy("si")}
            >
              <option value="">{t("search.storePlaceholder")}</option>
              {data.stores.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            <FieldError id={`${f("si")}-error`} reason={errors.si} />
          </div>
        ) : data.storeId ? (
          <input type="hidden" name="si" value={data.storeId} />
        ) : null}
        <div>
          <label htmlFor={f("sd")} className={label}>
            {t("search.departureDate")}
          </label>
          <input
            ref={sdRef}
            id={f("sd")}
            type="date"
            name="sd"
            defaultValue={values.sd}
            className={input}
            aria-invalid={errors.sd ? true : undefined}
            aria-describedby={describedBy("sd")}
            data-testid="search-sd"
          />
          <FieldError id={`${f("sd")}-error`} reason={errors.sd} />
        </div>
        {timeSelect("st", values.st, "search.departureTime")}
        <div>
          <label htmlFor={f("ed")} className={label}>
            {t("search.returnDate")}
          </label>
          <input
            ref={edRef}
            id={f("ed")}
            type="date"
            name="ed"
            defaultValue={values.ed}
            className={input}
            aria-invalid={errors.ed ? true : undefined}
            aria-describedby={describedBy("ed")}
            data-testid="search-ed"
            onChange={() => {
              if (periodRef.current) periodRef.current.value = "";
            }}
          />
          <FieldError id={`${f("ed")}-error`} reason={errors.ed} />
        </div>
        {timeSelect("et", values.et, "search.returnTime")}
        <div>
          <label htmlFor={f("period")} className={label}>
            {t("search.rentalPeriod")}
          </label>
          <select
            ref={periodRef}
            id={f("period")}
            name="rental_period_slug"
            defaultValue={values.rentalPeriodSlug}
            className={input}
            onChange={(e) => fillReturn(e.currentTarget.value)}
          >
            <option value="">{t("search.rentalPeriodCustom")}</option>
            {data.periods.map(({ slug }) => (
              <option key={slug} value={slug}>
                {t(PERIOD_LABEL[slug])}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end">
          <label className="flex items-center gap-2 py-2">
            <input
              type="checkbox"
              name="date_undecided"
              value="1"
              defaultChecked={data.undecided}
              className="h-5 w-5"
            />
            <span>{t("search.dateUndecided")}</span>
          </label>
        </div>
        {extra
          ? Object.entries(extra).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)
          : null}
        <div className={`flex items-end ${compact ? "" : "lg:col-span-2"}`}>
          <button type="submit" className="btn-primary w-full" data-testid="search-submit">
            {t("search.submit")}
          </button>
        </div>
      </div>
    </Form>
  );
}
