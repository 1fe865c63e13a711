import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useEffect, useId, useRef } from "react";
import { useActionData } from "react-router";
import { FieldError, useReasonText } from "#app/components/search/field-error";
import type { MessageKey } from "#app/i18n/messages";
import { useI18n } from "#app/lib/i18n";
import type { ReasonLike } from "#common/app-error";

/**
 * The controls of the account forms (registration, login, profile, drivers, cards): a label above,
 * the spec's message below and tied to the control (aria-describedby), 44 px targets.
 */
export const inputClass = "field";
export const labelClass = "mb-1 flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-800";

type Errors = Partial<Record<string, ReasonLike>>;

/** The id of a field's wrapper, which the error summary links to. */
export const fieldAnchor = (name: string) => `field-${name}`;

/** "Required" or "Optional" next to a label, in words (never only a colour or an asterisk). */
export function RequiredMark({ required }: { required?: boolean }) {
  const { t } = useI18n();
  return required ? (
    <span className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">{t("form.required")}</span>
  ) : (
    <span className="rounded bg-gray-200 px-1.5 py-0.5 text-xs font-semibold text-gray-800">{t("form.optional")}</span>
  );
}

interface FieldProps {
  name: string;
  label: MessageKey;
  errors: Errors;
  required?: boolean;
  hint?: MessageKey;
  /** Replaces the default control (an input) with another, given the ids it must carry. */
  children?: (control: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}

/** Label, control, hint and error for one field. */
export function Field({ name, label, errors, required, hint, children }: FieldProps) {
  const { t } = useI18n();
  const base = useId();
  const id = `${base}-${name}`;
  const error = errors[name];
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div data-field={name} id={fieldAnchor(name)}>
      <label htmlFor={id} className={labelClass}>
        {t(label)}
        <RequiredMark required={required} />
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mb-1 text-sm text-gray-700">
          {t(hint)}
        </p>
      ) : null}
      {children?.({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}
      <FieldError id={`${id}-error`} reason={error} />
      {/* The test id names the field, whatever its generated id. */}
      {error ? <span hidden data-testid={`error-${name}`} /> : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id"> & Omit<FieldProps, "children">;

export function TextField({ name, label, errors, required, hint, ...input }: InputProps) {
  return (
    <Field name={name} label={label} errors={errors} required={required} hint={hint}>
      {(ids) => <input name={name} className={inputClass} {...ids} {...input} />}
    </Field>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id"> &
  Omit<FieldProps, "children"> & {
    options: readonly { value: string; label: string }[];
    /** Labels from the runtime's own data (`Intl.DisplayNames`) may differ by a word between server and browser. */
    suppressOptionHydrationWarning?: boolean;
  };

export function SelectField({
  name,
  label,
  errors,
  required,
  hint,
  options,
  suppressOptionHydrationWarning,
  ...select
}: SelectProps) {
  return (
    <Field name={name} label={label} errors={errors} required={required} hint={hint}>
      {(ids) => (
        <select name={name} className={inputClass} {...ids} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value} suppressHydrationWarning={suppressOptionHydrationWarning}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Radio buttons as a fieldset whose legend is the label. */
export function RadioField({
  name,
  label,
  errors,
  required,
  options,
  value,
  onChange,
}: Omit<FieldProps, "children" | "hint"> & {
  options: readonly { value: string; label: string }[];
  value?: string;
  onChange?: (value: string) => void;
}) {
  const { t } = useI18n();
  const base = useId();
  const error = errors[name];
  return (
    <fieldset data-field={name} id={fieldAnchor(name)} aria-describedby={error ? `${base}-error` : undefined}>
      <legend className={labelClass}>
        {t(label)}
        <RequiredMark required={required} />
      </legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((o) => (
          <label key={o.value} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={name}
              value={o.value}
              defaultChecked={onChange ? undefined : value === o.value}
              checked={onChange ? value === o.value : undefined}
              onChange={onChange ? () => onChange(o.value) : undefined}
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError id={`${base}-error`} reason={error} />
      {error ? <span hidden data-testid={`error-${name}`} /> : null}
    </fieldset>
  );
}

/** The label of each field an error summary may name (the driver's with or without `driver_`). */
const FIELD_LABEL: Record<string, MessageKey> = {
  user_type: "member.userType",
  company: "member.company",
  company_kana: "member.companyKana",
  name: "member.name",
  kana: "member.kana",
  email: "member.email",
  gender: "member.gender",
  birthdate: "member.birthdate",
  tel: "member.tel",
  password: "member.password",
  password_confirm: "member.passwordConfirm",
  current_password: "member.update.currentPassword",
  zip: "address.zip",
  pref_code: "address.pref",
  country: "address.country",
  address_a: "address.addressA",
  address_b: "address.addressB",
  driver_mode: "customer.driverMode",
  driver_id: "customer.driverId",
  destination: "customer.destination",
  purpose: "customer.purpose",
  passengers: "customer.passengers",
  license_type: "driver.field.licenseType",
  license_number: "driver.field.licenseNumber",
  license_acquisition_date: "driver.field.licenseAcquisitionDate",
  license_expiration_date: "driver.field.licenseExpirationDate",
};
const DRIVER_LABEL: Record<string, MessageKey> = {
  name: "driver.field.name",
  kana: "driver.field.kana",
  birthdate: "driver.field.birthdate",
  tel: "driver.field.tel",
};

function fieldLabel(name: string): MessageKey | null {
  const own = name.startsWith("driver_") && !/^driver_(mode|id)$/.test(name) ? name.slice("driver_".length) : null;
  if (own !== null && !own.startsWith("image")) return DRIVER_LABEL[own] ?? FIELD_LABEL[own] ?? null;
  return FIELD_LABEL[name] ?? null;
}

/** Moves focus to a field's first control (its label's target, a radio, a checkbox). */
function focusField(name: string) {
  const wrapper = document.getElementById(fieldAnchor(name));
  const control = wrapper?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea, button");
  if (!control) return false;
  control.focus();
  return true;
}

/**
 * The danger notice at the top of a form: a message-only refusal (login failed, too many
 * attempts), or the invalid-input notice with a list of what to fix, each linking to its field
 * (spec §8). After the server refuses a submit it takes focus, so on a phone the visitor sees what
 * to fix: with JavaScript once the action's answer arrives; without, through `autofocus` on the
 * answer page.
 */
export function FormNotice({ errors }: { errors: Errors }) {
  const text = useReasonText();
  const { t } = useI18n();
  const actionData = useActionData();
  const ref = useRef<HTMLDivElement>(null);
  const formError = errors.form;
  const fields = Object.keys(errors).filter((k) => k !== "form" && errors[k]);
  const shown = Boolean(formError) || fields.length > 0;
  useEffect(() => {
    if (actionData) ref.current?.focus();
  }, [actionData]);
  if (!shown) return null;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: the answer to the visitor's own submit; without JavaScript only autofocus brings what to fix into view
      autoFocus={Boolean(actionData)}
      className="scroll-mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900 outline-none focus-visible:ring-2 focus-visible:ring-red-700 focus:ring-2 focus:ring-red-700"
      data-testid="error-summary-box"
    >
      <p className="font-semibold" data-testid="form-notice">
        {formError ? text(formError) : t("reason.invalid_input")}
      </p>
      {fields.length > 0 ? (
        <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm" data-testid="error-summary">
          {fields.map((name) => {
            const label = fieldLabel(name);
            const reason = errors[name];
            return (
              <li key={name}>
                <a
                  href={`#${fieldAnchor(name)}`}
                  className="tap font-semibold text-red-900 underline"
                  onClick={(event) => {
                    if (focusField(name)) event.preventDefault();
                  }}
                >
                  {label ? `${t(label)}: ` : ""}
                  {reason ? text(reason) : ""}
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
