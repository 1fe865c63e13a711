import { type FormEvent, type ReactNode, type RefObject, useEffect, useId } from "react";
import { FieldError } from "#app/components/search/field-error";
import type { MessageKey } from "#app/i18n/messages";
import { useI18n } from "#app/lib/i18n";
import type { ReasonLike } from "#common/app-error";
import { IMAGE_TYPES, imageFieldName, imageRemoveName, licenseTypeFieldName } from "#common/driver-form";
import { LICENSE_TYPES, licenseTypeLabelKey } from "#common/license-types";
import type { DriverField, DriverFormConfig } from "#server/drivers/driver.schema";
import { type AddressFieldName, AddressFields } from "./address-fields";
import { fieldAnchor, RequiredMark, TextField } from "./fields";

/**
 * The driver's fields (spec §3 Driver), shared by My Page's driver form and the booking's new
 * driver. Each follows the site's driver input settings (hidden, optional or required). The
 * booking names them with a `driver_` prefix so they never mix with the borrower's.
 */

type Values = Partial<Record<string, string>>;
type Errors = Partial<Record<string, ReasonLike>>;

export interface DriverFieldsProps {
  config: DriverFormConfig;
  values: Values;
  errors: Errors;
  /** Put before every field name ("" on My Page, "driver_" in the booking). */
  prefix?: string;
}

const ADDRESS_FIELDS = ["zip", "pref_code", "country", "address_a", "address_b"] as const;
const PERSON_FIELDS = ["name", "kana", "birthdate", "tel"] as const;
const SLOT_LABEL: Record<number, MessageKey> = {
  1: "driver.images.slot1",
  2: "driver.images.slot2",
  3: "driver.images.slot3",
  4: "driver.images.slot4",
};
const fileClass =
  "block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 file:mr-3 file:rounded file:border-0 file:bg-gray-200 file:px-3 file:py-1.5 file:font-semibold aria-[invalid=true]:border-red-700";

export const isShown = (config: DriverFormConfig, f: DriverField) => config.modes[f] !== 0;
const isRequired = (config: DriverFormConfig, f: DriverField) => config.modes[f] === 2;
export const anyPersonField = (config: DriverFormConfig) => PERSON_FIELDS.some((f) => isShown(config, f));
export const anyAddressField = (config: DriverFormConfig) => ADDRESS_FIELDS.some((f) => isShown(config, f));

/**
 * A licence type box is judged as its group, a withdrawn image as its slot: the field whose
 * message a change of `name` updates.
 */
export function driverFieldOfControl(name: string, prefix = ""): string {
  if (name.startsWith(`${prefix}license_type_`)) return `${prefix}license_type`;
  if (/^driver_image\d_remove$/.test(name)) return name.replace("_remove", "");
  return name;
}

/** A form's change handler that checks a driver control's group (see driverFieldOfControl). */
export function groupedChange(
  onChange: (event: FormEvent<HTMLFormElement>) => void,
  prefix = "",
): (event: FormEvent<HTMLFormElement>) => void {
  return (event) => {
    const name = (event.target as HTMLInputElement).name ?? "";
    const field = driverFieldOfControl(name, prefix);
    if (field === name) onChange(event);
    else
      onChange({
        target: { name: field },
        currentTarget: event.currentTarget,
      } as unknown as FormEvent<HTMLFormElement>);
  };
}

function useDriverText({ config, values, errors, prefix = "" }: DriverFieldsProps) {
  return (f: DriverField, label: MessageKey, extra: Record<string, unknown> = {}) =>
    isShown(config, f) ? (
      <TextField
        name={`${prefix}${f}`}
        label={label}
        required={isRequired(config, f)}
        errors={errors}
        autoComplete="off"
        defaultValue={values[`${prefix}${f}`] ?? ""}
        {...extra}
      />
    ) : null;
}

/** Name, reading, birth date and tel, those the settings show. */
export function DriverPersonFields(props: DriverFieldsProps) {
  const text = useDriverText(props);
  return (
    <>
      {text("name", "driver.field.name", { maxLength: 50 })}
      {text("kana", "driver.field.kana", { maxLength: 50 })}
      {text("birthdate", "driver.field.birthdate", { type: "date", max: props.config.today })}
      {text("tel", "driver.field.tel", { type: "tel", inputMode: "tel", maxLength: 20, hint: "driver.field.telHint" })}
    </>
  );
}

/** The driver's address with the postcode lookup; someone else's, so no autofill. */
export function DriverAddressFields({ config, values, errors, prefix = "" }: DriverFieldsProps) {
  const by = (rule: (f: AddressFieldName) => boolean) =>
    Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, rule(f)])) as Record<AddressFieldName, boolean>;
  return (
    <AddressFields
      values={values}
      errors={errors}
      namePrefix={prefix}
      autoComplete={false}
      required={by((f) => isRequired(config, f))}
      hidden={by((f) => !isShown(config, f))}
    />
  );
}

/** The licence types as checkboxes in a fieldset, one name per type, judged as one group. */
function LicenseTypeField({
  values,
  errors,
  required,
  prefix = "",
}: Omit<DriverFieldsProps, "config"> & { required: boolean }) {
  const { t } = useI18n();
  const base = useId();
  const group = `${prefix}license_type`;
  const error = errors[group];
  return (
    <fieldset
      data-field={group}
      id={fieldAnchor(group)}
      aria-describedby={[`${base}-hint`, error ? `${base}-error` : null].filter(Boolean).join(" ")}
    >
      <legend className="mb-1 flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-800">
        {t("driver.field.licenseType")}
        <RequiredMark required={required} />
      </legend>
      <p id={`${base}-hint`} className="mb-1 text-sm text-gray-700">
        {t("driver.field.licenseTypeHint")}
      </p>
      <div className="grid grid-cols-2 gap-x-3 sm:grid-cols-3">
        {LICENSE_TYPES.map((code) => {
          const name = `${prefix}${licenseTypeFieldName(code)}`;
          return (
            <label key={code} className="flex min-h-11 items-center gap-2 py-1 leading-snug">
              <input
                type="checkbox"
                name={name}
                value="1"
                defaultChecked={Boolean(values[name])}
                aria-invalid={error ? true : undefined}
              />
              {t(licenseTypeLabelKey(code))}
            </label>
          );
        })}
      </div>
      <FieldError id={`${base}-error`} reason={error} />
      {error ? <span hidden data-testid={`error-${group}`} /> : null}
    </fieldset>
  );
}

/** Licence types, number, date of issue (not in the future) and expiry (not past). */
export function DriverLicenseFields(props: DriverFieldsProps) {
  const { config } = props;
  const text = useDriverText(props);
  return (
    <>
      {isShown(config, "license_type") ? (
        <LicenseTypeField {...props} required={isRequired(config, "license_type")} />
      ) : null}
      {text("license_number", "driver.field.licenseNumber", { maxLength: 30, hint: "driver.field.licenseNumberHint" })}
      {text("license_acquisition_date", "driver.field.licenseAcquisitionDate", { type: "date", max: config.today })}
      {text("license_expiration_date", "driver.field.licenseExpirationDate", { type: "date", min: config.today })}
    </>
  );
}

/**
 * One licence image slot: what is already kept for it (a preview, or a line saying so, with a
 * box to remove it), then the file input, which replaces it.
 */
export function LicenseImageSlot({
  slot,
  required,
  errors,
  kept,
  className = "",
}: {
  slot: number;
  required: boolean;
  errors: Errors;
  kept: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      {kept}
      <TextField
        name={imageFieldName(slot)}
        type="file"
        label={SLOT_LABEL[slot] ?? "driver.images.slot1"}
        hint={kept ? "driver.images.replaceHint" : undefined}
        required={required && !kept}
        errors={errors}
        accept={IMAGE_TYPES.join(",")}
        className={fileClass}
      />
    </div>
  );
}

/** The box that withdraws a kept image. */
export function RemoveImageBox({ slot, values, label }: { slot: number; values: Values; label: string }) {
  return (
    <label className="inline-flex min-h-11 items-center gap-2 text-sm">
      <input
        type="checkbox"
        name={imageRemoveName(slot)}
        value="1"
        defaultChecked={Boolean(values[imageRemoveName(slot)])}
      />
      {label}
    </label>
  );
}

/** Files are never sent back: after each refusal every file input of the form is emptied, with or without JavaScript. */
export function useEmptyFilesAfterRefusal(
  formRef: RefObject<HTMLFormElement | null>,
  refused: boolean,
  serverErrors: unknown,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer from the server empties them
  useEffect(() => {
    if (!refused) return;
    for (const input of formRef.current?.querySelectorAll<HTMLInputElement>('input[type="file"]') ?? [])
      input.value = "";
  }, [refused, serverErrors, formRef]);
}

/** Said after a refused submit: chosen files are never sent back, so they must be chosen again. */
export function ChooseImagesAgain() {
  const { t } = useI18n();
  return (
    <p
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
      data-testid="images-choose-again"
    >
      {t("driver.images.chooseAgain")}
    </p>
  );
}
