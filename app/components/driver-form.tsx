import { type FormEvent, useEffect, useId, useMemo } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { ReasonLike } from "../../common/app-error";
import { LICENSE_TYPES, licenseTypeLabelKey } from "../../common/license-types";
import {
  type DriverField,
  type DriverFormConfig,
  driverSchema,
  IMAGE_TYPES,
  imageFieldName,
  imageRemoveName,
  licenseTypeFieldName,
} from "../../server/drivers/driver.schema";
import type { MessageKey } from "../i18n/messages";
import { useFormValidation } from "../lib/forms";
import { useI18n } from "../lib/i18n";
import { sitePath, useSite } from "../lib/site";
import { CsrfField } from "./csrf-field";
import { AddressFields } from "./form/address-fields";
import { FormNotice, RequiredMark, TextField } from "./form/fields";
import { FieldError } from "./search/field-error";

type Values = Partial<Record<string, string>>;
type Errors = Partial<Record<string, ReasonLike>>;

export interface DriverFormProps {
  config: DriverFormConfig;
  /** The saved driver (edit), or what the server sent back with its errors. */
  values: Values;
  serverErrors: Errors;
  /** Whether this render follows a refused submit (the chosen files were not kept). */
  refused: boolean;
  /** Edit: the driver and the images it has (id for the image URL, so a replaced one reloads). */
  driver?: { id: number; name: string; images: { id: number; slot: number }[] };
  submitLabel: MessageKey;
}

const sectionClass = "card flex flex-col gap-4 p-5";
const headingClass = "text-lg font-bold";
const SLOT_LABEL: Record<number, MessageKey> = {
  1: "driver.images.slot1",
  2: "driver.images.slot2",
  3: "driver.images.slot3",
  4: "driver.images.slot4",
};
const NO_SLOTS: number[] = [];

/** The licence types as checkboxes in a fieldset, one name per type (license_type_<code>). */
function LicenseTypeField({ values, errors, required }: { values: Values; errors: Errors; required: boolean }) {
  const { t } = useI18n();
  const base = useId();
  const error = errors.license_type;
  return (
    <fieldset
      data-field="license_type"
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
        {LICENSE_TYPES.map((code) => (
          <label key={code} className="flex min-h-11 items-center gap-2 py-1 leading-snug">
            <input
              type="checkbox"
              name={licenseTypeFieldName(code)}
              value="1"
              defaultChecked={Boolean(values[licenseTypeFieldName(code)])}
              aria-invalid={error ? true : undefined}
            />
            {t(licenseTypeLabelKey(code))}
          </label>
        ))}
      </div>
      <FieldError id={`${base}-error`} reason={error} />
      {error ? <span hidden data-testid="error-license_type" /> : null}
    </fieldset>
  );
}

/**
 * The driver form of the new and edit pages (spec §3 Driver): the fields the site's driver input
 * settings show, required as they say; the licence types as checkboxes; up to four licence
 * images, each with a preview and a remove box when one is saved. A multipart form that works
 * before JavaScript loads; with it, the same schema checks as the server, files included (size
 * and declared type; the server checks the bytes).
 */
export function DriverForm({ config, values, serverErrors, refused, driver, submitLabel }: DriverFormProps) {
  const shell = useSite();
  const { t } = useI18n();
  const navigation = useNavigation();
  const existingSlots = useMemo(() => driver?.images.map((i) => i.slot) ?? NO_SLOTS, [driver]);
  const schema = useMemo(() => driverSchema(config, existingSlots), [config, existingSlots]);
  const { errors, formRef, onSubmit, onChange } = useFormValidation(schema, serverErrors);
  const busy = navigation.state === "submitting";
  // Files are never sent back: after a refusal every image input is empty, with or without JavaScript.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer from the server empties them
  useEffect(() => {
    if (!refused) return;
    for (const input of formRef.current?.querySelectorAll<HTMLInputElement>('input[type="file"]') ?? [])
      input.value = "";
  }, [refused, serverErrors, formRef]);
  const { modes } = config;
  const shown = (f: DriverField) => modes[f] !== 0;
  const required = (f: DriverField) => modes[f] === 2;
  const addressFields = ["zip", "pref_code", "country", "address_a", "address_b"] as const;
  const anyAddress = addressFields.some(shown);
  const anyPerson = (["name", "kana", "birthdate", "tel"] as const).some(shown);

  // A licence type checkbox is judged as the group it belongs to.
  const onFormChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name ?? "";
    if (name.startsWith("license_type_")) {
      onChange({
        target: { name: "license_type" },
        currentTarget: event.currentTarget,
      } as unknown as FormEvent<HTMLFormElement>);
    } else if (/^driver_image\d_remove$/.test(name)) {
      onChange({
        target: { name: name.replace("_remove", "") },
        currentTarget: event.currentTarget,
      } as unknown as FormEvent<HTMLFormElement>);
    } else onChange(event);
  };

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      ref={formRef}
      onSubmit={onSubmit}
      onChange={onFormChange}
      noValidate
      className="mt-6 flex flex-col gap-4"
      data-testid="driver-form"
    >
      <CsrfField />
      <FormNotice errors={errors} />
      {anyPerson ? (
        <section className={sectionClass} aria-labelledby="driver-section-person">
          <h2 id="driver-section-person" className={headingClass}>
            {t("driver.section.person")}
          </h2>
          {shown("name") ? (
            <TextField
              name="name"
              label="driver.field.name"
              required={required("name")}
              errors={errors}
              autoComplete="off"
              maxLength={50}
              defaultValue={values.name ?? ""}
            />
          ) : null}
          {shown("kana") ? (
            <TextField
              name="kana"
              label="driver.field.kana"
              required={required("kana")}
              errors={errors}
              autoComplete="off"
              maxLength={50}
              defaultValue={values.kana ?? ""}
            />
          ) : null}
          {shown("birthdate") ? (
            <TextField
              name="birthdate"
              type="date"
              label="driver.field.birthdate"
              required={required("birthdate")}
              errors={errors}
              autoComplete="off"
              max={config.today}
              defaultValue={values.birthdate ?? ""}
            />
          ) : null}
          {shown("tel") ? (
            <TextField
              name="tel"
              type="tel"
              label="driver.field.tel"
              hint="driver.field.telHint"
              required={required("tel")}
              errors={errors}
              autoComplete="off"
              inputMode="tel"
              maxLength={20}
              defaultValue={values.tel ?? ""}
            />
          ) : null}
        </section>
      ) : null}
      {anyAddress ? (
        <section className={sectionClass} aria-labelledby="driver-section-address">
          <h2 id="driver-section-address" className={headingClass}>
            {t("driver.section.address")}
          </h2>
          <AddressFields
            values={values}
            errors={errors}
            autoComplete={false}
            required={Object.fromEntries(addressFields.map((f) => [f, required(f)]))}
            hidden={Object.fromEntries(addressFields.map((f) => [f, !shown(f)]))}
          />
        </section>
      ) : null}
      <section className={sectionClass} aria-labelledby="driver-section-license">
        <h2 id="driver-section-license" className={headingClass}>
          {t("driver.section.license")}
        </h2>
        {shown("license_type") ? (
          <LicenseTypeField values={values} errors={errors} required={required("license_type")} />
        ) : null}
        {shown("license_number") ? (
          <TextField
            name="license_number"
            label="driver.field.licenseNumber"
            hint="driver.field.licenseNumberHint"
            required={required("license_number")}
            errors={errors}
            autoComplete="off"
            maxLength={30}
            defaultValue={values.license_number ?? ""}
          />
        ) : null}
        {shown("license_acquisition_date") ? (
          <TextField
            name="license_acquisition_date"
            type="date"
            label="driver.field.licenseAcquisitionDate"
            required={required("license_acquisition_date")}
            errors={errors}
            autoComplete="off"
            max={config.today}
            defaultValue={values.license_acquisition_date ?? ""}
          />
        ) : null}
        {shown("license_expiration_date") ? (
          <TextField
            name="license_expiration_date"
            type="date"
            label="driver.field.licenseExpirationDate"
            required={required("license_expiration_date")}
            errors={errors}
            autoComplete="off"
            min={config.today}
            defaultValue={values.license_expiration_date ?? ""}
          />
        ) : null}
      </section>
      {config.images.length > 0 ? (
        <section className={sectionClass} aria-labelledby="driver-section-images" data-testid="driver-images">
          <h2 id="driver-section-images" className={headingClass}>
            {t("driver.images.title")}
          </h2>
          <p className="text-sm text-gray-700">{t("driver.images.hint")}</p>
          {refused ? (
            <p
              className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
              data-testid="images-choose-again"
            >
              {t("driver.images.chooseAgain")}
            </p>
          ) : null}
          {config.images.map(({ slot, required: imageRequired }) => {
            const saved = driver?.images.find((i) => i.slot === slot);
            return (
              <div key={slot} className="flex flex-col gap-2 border-t border-gray-200 pt-4 first-of-type:border-t-0">
                {saved && driver ? (
                  <div className="flex flex-wrap items-center gap-3" data-testid={`current-image-${slot}`}>
                    <img
                      src={sitePath(shell, `/mypage/driver/${driver.id}/images/${slot}?v=${saved.id}`)}
                      alt={t("driver.images.alt", { name: driver.name, slot })}
                      className="h-24 w-auto max-w-full rounded border border-gray-300 bg-gray-100 object-contain"
                    />
                    <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name={imageRemoveName(slot)}
                        value="1"
                        defaultChecked={Boolean(values[imageRemoveName(slot)])}
                      />
                      {t("driver.images.remove")}
                    </label>
                  </div>
                ) : null}
                <TextField
                  name={imageFieldName(slot)}
                  type="file"
                  label={SLOT_LABEL[slot] ?? "driver.images.slot1"}
                  hint={saved ? "driver.images.replaceHint" : undefined}
                  required={imageRequired && !saved}
                  errors={errors}
                  accept={IMAGE_TYPES.join(",")}
                  className="block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 file:mr-3 file:rounded file:border-0 file:bg-gray-200 file:px-3 file:py-1.5 file:font-semibold aria-[invalid=true]:border-red-700"
                />
              </div>
            );
          })}
        </section>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-end">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy} data-testid="driver-submit">
          {busy ? t("form.submitting") : t(submitLabel)}
        </button>
        <Link to={sitePath(shell, "/mypage/driver/driver_list")} className="btn-secondary w-full sm:w-auto">
          {t("driver.form.back")}
        </Link>
      </div>
    </Form>
  );
}
