import {
  createContext,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useContext,
  useEffect,
  useId,
  useRef,
} from "react";
import { useAdminI18n } from "#app/lib/admin";
import type { ReasonLike } from "#common/app-error";

/**
 * The back office's form controls (decision 029): a label above, a hint, the message of a refused
 * value below and tied to the control (aria-describedby), 44 px targets. Labels and hints arrive
 * translated; messages are reason codes, read in the staff member's language.
 */
export type AdminErrors = Partial<Record<string, ReasonLike>>;

/** What each section of a split back-office form gets: the errors and the values to show. */
export type SectionState = { errors: AdminErrors; values: Record<string, string> };

/** Ties a field to its section's state by name: its error and the value to refill ("1" ticks a checkbox). */
export function fieldBinder({ errors, values }: SectionState) {
  return {
    field: (name: string) => ({ name, errors, defaultValue: values[name] }),
    checkbox: (name: string) => ({ name, errors, defaultChecked: values[name] === "1" }),
  };
}

export const fieldId = (name: string, scope = "") =>
  `field-${scope ? `${scope}-` : ""}${name.replace(/[^A-Za-z0-9_-]/g, "_")}`;

/**
 * Forms that share a page and a field name (a car chosen in two of a booking's forms) scope their
 * fields' ids, so each error summary links to its own form's field.
 */
export const FieldScope = createContext("");
const useFieldId = () => {
  const scope = useContext(FieldScope);
  return (name: string) => fieldId(name, scope);
};
const inputClass = "field";
const labelClass = "mb-1 flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-800";

function Required({ required }: { required?: boolean }) {
  const { t } = useAdminI18n();
  return required ? (
    <span className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">{t("admin.form.required")}</span>
  ) : null;
}

export function AdminFieldError({ id, reason }: { id: string; reason: ReasonLike | undefined }) {
  const { reasonText } = useAdminI18n();
  if (!reason) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-700" data-testid="field-error">
      {reasonText(reason)}
    </p>
  );
}

interface FieldProps {
  name: string;
  label: string;
  errors: AdminErrors;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  children: (control: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}

/** Label, control, hint and message for one field. */
export function AdminField({ name, label, errors, required, hint, className, children }: FieldProps) {
  const idOf = useFieldId();
  const base = useId();
  const id = `${base}-c`;
  const error = errors[name];
  const describedBy = [hint ? `${base}-hint` : null, error ? `${base}-error` : null].filter(Boolean).join(" ");
  return (
    <div data-field={name} id={idOf(name)} className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
        <Required required={required} />
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}
      {hint ? (
        <p id={`${base}-hint`} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      <AdminFieldError id={`${base}-error`} reason={error} />
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "children"> &
  Omit<FieldProps, "children">;

export function AdminInput({ name, label, errors, required, hint, className, ...input }: InputProps) {
  return (
    <AdminField name={name} label={label} errors={errors} required={required} hint={hint} className={className}>
      {(ids) => <input name={name} className={inputClass} {...ids} {...input} />}
    </AdminField>
  );
}

/** A time of day in half-hour steps, as bookings start and end. */
export function AdminHalfHour(props: InputProps) {
  return <AdminInput type="time" step={1800} {...props} />;
}

/** A whole number in a text field with the numeric keyboard (a number input would drop what it cannot read). */
export function AdminNumber(props: InputProps) {
  return <AdminInput inputMode="numeric" autoComplete="off" {...props} />;
}

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "children"> &
  Omit<FieldProps, "children">;

export function AdminTextarea({ name, label, errors, required, hint, className, ...area }: TextareaProps) {
  return (
    <AdminField name={name} label={label} errors={errors} required={required} hint={hint} className={className}>
      {(ids) => <textarea name={name} rows={4} className={inputClass} {...ids} {...area} />}
    </AdminField>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "children"> &
  Omit<FieldProps, "children"> & { options: readonly { value: string; label: string }[] };

export function AdminSelect({ name, label, errors, required, hint, className, options, ...select }: SelectProps) {
  return (
    <AdminField name={name} label={label} errors={errors} required={required} hint={hint} className={className}>
      {(ids) => (
        <select name={name} className={inputClass} {...ids} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </AdminField>
  );
}

/** One checkbox with its label beside it; a hidden "0" is sent when it is not ticked. */
export function AdminCheckbox({
  name,
  label,
  defaultChecked,
  hint,
  errors,
}: {
  name: string;
  label: string;
  defaultChecked?: boolean;
  hint?: ReactNode;
  errors?: AdminErrors;
}) {
  const idOf = useFieldId();
  const base = useId();
  const error = errors?.[name];
  return (
    <div data-field={name} id={idOf(name)}>
      <input type="hidden" name={name} value="0" />
      <label className="inline-flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          name={name}
          value="1"
          defaultChecked={defaultChecked}
          aria-describedby={
            [hint ? `${base}-hint` : null, error ? `${base}-error` : null].filter(Boolean).join(" ") || undefined
          }
        />
        <span>{label}</span>
      </label>
      {hint ? (
        <p id={`${base}-hint`} className="text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      <AdminFieldError id={`${base}-error`} reason={error} />
    </div>
  );
}

/** Several checkboxes under one name (weekdays, stores), as a fieldset whose legend is the label. */
export function AdminCheckboxGroup({
  name,
  label,
  options,
  checked,
  errors,
  hint,
  required,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  checked: readonly string[];
  errors: AdminErrors;
  hint?: ReactNode;
  required?: boolean;
}) {
  const idOf = useFieldId();
  const base = useId();
  const error = errors[name];
  return (
    <fieldset
      data-field={name}
      id={idOf(name)}
      aria-describedby={
        [hint ? `${base}-hint` : null, error ? `${base}-error` : null].filter(Boolean).join(" ") || undefined
      }
    >
      <legend className={labelClass}>
        {label}
        <Required required={required} />
      </legend>
      <div className="flex flex-wrap gap-x-5 gap-y-1">
        {options.map((o) => (
          <label key={o.value} className="inline-flex min-h-11 items-center gap-2">
            <input type="checkbox" name={name} value={o.value} defaultChecked={checked.includes(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={`${base}-hint`} className="text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      <AdminFieldError id={`${base}-error`} reason={error} />
    </fieldset>
  );
}

/** Radio buttons as a fieldset whose legend is the label. */
export function AdminRadioGroup({
  name,
  label,
  options,
  value,
  errors,
  required,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string; hint?: string }[];
  value: string | undefined;
  errors: AdminErrors;
  required?: boolean;
}) {
  const idOf = useFieldId();
  const base = useId();
  const error = errors[name];
  return (
    <fieldset data-field={name} id={idOf(name)} aria-describedby={error ? `${base}-error` : undefined}>
      <legend className={labelClass}>
        {label}
        <Required required={required} />
      </legend>
      <div className="grid gap-1">
        {options.map((o) => (
          <label key={o.value} className="inline-flex min-h-11 items-center gap-2">
            <input type="radio" name={name} value={o.value} defaultChecked={value === o.value} />
            <span>
              {o.label}
              {o.hint ? <span className="block text-sm text-gray-700">{o.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <AdminFieldError id={`${base}-error`} reason={error} />
    </fieldset>
  );
}

/** The multi-language suffixes of a text, Japanese first (spec §3: `_en`, `_tw`, `_kr`). */
export const ML_LANGS = [
  { suffix: "", label: "admin.form.langJa", lang: "ja" },
  { suffix: "_en", label: "admin.form.langEn", lang: "en" },
  { suffix: "_kr", label: "admin.form.langKo", lang: "ko" },
  { suffix: "_tw", label: "admin.form.langTw", lang: "zh-TW" },
] as const;

/**
 * One text in the public site's four languages, side by side on a desktop and one under another on
 * a phone. Japanese is the fallback for a language left empty, and the only one that may be required.
 * Field names are `{name}`, `{name}_en`, `{name}_kr`, `{name}_tw`.
 */
export function MlTextFields({
  name,
  label,
  values,
  errors,
  required,
  multiline,
  maxLength,
  rows,
}: {
  name: string;
  label: string;
  values: Record<string, string | null | undefined>;
  errors: AdminErrors;
  required?: boolean;
  multiline?: boolean;
  maxLength?: number;
  rows?: number;
}) {
  const { t } = useAdminI18n();
  const idOf = useFieldId();
  const base = useId();
  return (
    <fieldset className="grid gap-2" data-ml={name}>
      <legend className={labelClass}>
        {label}
        <Required required={required} />
      </legend>
      <p id={`${base}-fallback`} className="-mt-1 text-sm text-gray-700">
        {t("admin.form.fallbackHint")}
      </p>
      <div className={multiline ? "grid gap-3 lg:grid-cols-2" : "grid gap-3 sm:grid-cols-2 lg:grid-cols-4"}>
        {ML_LANGS.map((l) => {
          const field = `${name}${l.suffix}`;
          const error = errors[field];
          return (
            <div key={field} data-field={field} id={idOf(field)}>
              <label htmlFor={`${base}${l.suffix}`} className="mb-1 block text-sm text-gray-800">
                {t(l.label)}
              </label>
              {multiline ? (
                <textarea
                  id={`${base}${l.suffix}`}
                  name={field}
                  lang={l.lang}
                  rows={rows ?? 5}
                  maxLength={maxLength}
                  defaultValue={values[field] ?? ""}
                  className={inputClass}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={
                    [error ? `${base}${l.suffix}-error` : null, l.suffix ? `${base}-fallback` : null]
                      .filter(Boolean)
                      .join(" ") || undefined
                  }
                />
              ) : (
                <input
                  id={`${base}${l.suffix}`}
                  name={field}
                  lang={l.lang}
                  maxLength={maxLength}
                  defaultValue={values[field] ?? ""}
                  className={inputClass}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={
                    [error ? `${base}${l.suffix}-error` : null, l.suffix ? `${base}-fallback` : null]
                      .filter(Boolean)
                      .join(" ") || undefined
                  }
                />
              )}
              <AdminFieldError id={`${base}${l.suffix}-error`} reason={error} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The refused form's messages in one list at its top, each a link to its field; it takes the focus
 * when it appears, so a keyboard or screen-reader user starts from it.
 */
export function AdminErrorSummary({ errors, labels }: { errors: AdminErrors; labels?: Record<string, string> }) {
  const { t, reasonText } = useAdminI18n();
  const idOf = useFieldId();
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors).filter((e): e is [string, ReasonLike] => Boolean(e[1]));
  const signature = entries.map(([k, v]) => `${k}:${v.code}`).join("|");
  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);
  if (!entries.length) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded-lg border-2 border-red-700 bg-red-50 p-4 outline-none"
      data-testid="error-summary"
    >
      <p className="font-bold text-red-800">{t("admin.form.errorSummary", { count: entries.length })}</p>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {entries.map(([field, reason]) => (
          <li key={field}>
            {field === "form" ? (
              reasonText(reason)
            ) : (
              <a className="link inline-block min-h-6 py-0.5" href={`#${idOf(field)}`}>
                {labels?.[field] ? `${labels[field]}: ` : ""}
                {reasonText(reason)}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
