import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from "react";
import type { ReasonLike } from "../../../common/app-error";
import type { MessageKey } from "../../i18n/messages";
import { useI18n } from "../../lib/i18n";
import { FieldError, useReasonText } from "../search/field-error";

/**
 * The controls of the account forms (registration, login, profile, drivers, cards): a label above,
 * the spec's message below and tied to the control (aria-describedby), 44 px targets.
 */
export const inputClass =
  "block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700";
export const labelClass = "mb-1 flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-800";

type Errors = Partial<Record<string, ReasonLike>>;

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
    <div data-field={name}>
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
  Omit<FieldProps, "children"> & { options: readonly { value: string; label: string }[] };

export function SelectField({ name, label, errors, required, hint, options, ...select }: SelectProps) {
  return (
    <Field name={name} label={label} errors={errors} required={required} hint={hint}>
      {(ids) => (
        <select name={name} className={inputClass} {...ids} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
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
    <fieldset data-field={name} aria-describedby={error ? `${base}-error` : undefined}>
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

/**
 * The danger notice at the top of a form: a message-only refusal (login failed, too many
 * attempts), or the invalid-input notice when fields carry errors (spec §8).
 */
export function FormNotice({ errors }: { errors: Errors }) {
  const text = useReasonText();
  const { t } = useI18n();
  const formError = errors.form;
  const fieldCount = Object.keys(errors).filter((k) => k !== "form" && errors[k]).length;
  if (!formError && fieldCount === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 px-4 py-3 font-semibold text-red-900"
      data-testid="form-notice"
    >
      {formError ? text(formError) : t("reason.invalid_input")}
    </div>
  );
}
