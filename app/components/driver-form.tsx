import { useMemo } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { MessageKey } from "#app/i18n/messages";
import { useFormValidation } from "#app/lib/forms";
import { useI18n } from "#app/lib/i18n";
import { sitePath, useSite } from "#app/lib/site";
import type { ReasonLike } from "#common/app-error";
import { type DriverFormConfig, driverSchema } from "#server/drivers/driver.schema";
import { CsrfField } from "./csrf-field";
import {
  anyAddressField,
  anyPersonField,
  ChooseImagesAgain,
  DriverAddressFields,
  DriverLicenseFields,
  DriverPersonFields,
  groupedChange,
  LicenseImageSlot,
  RemoveImageBox,
  useEmptyFilesAfterRefusal,
} from "./form/driver-fields";
import { FormNotice } from "./form/fields";

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
const NO_SLOTS: number[] = [];

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
  useEmptyFilesAfterRefusal(formRef, refused, serverErrors);
  const fields = { config, values, errors };

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      ref={formRef}
      onSubmit={onSubmit}
      onChange={groupedChange(onChange)}
      noValidate
      className="mt-6 flex flex-col gap-4"
      data-testid="driver-form"
    >
      <CsrfField />
      <FormNotice errors={errors} />
      {anyPersonField(config) ? (
        <section className={sectionClass} aria-labelledby="driver-section-person">
          <h2 id="driver-section-person" className={headingClass}>
            {t("driver.section.person")}
          </h2>
          <DriverPersonFields {...fields} />
        </section>
      ) : null}
      {anyAddressField(config) ? (
        <section className={sectionClass} aria-labelledby="driver-section-address">
          <h2 id="driver-section-address" className={headingClass}>
            {t("driver.section.address")}
          </h2>
          <DriverAddressFields {...fields} />
        </section>
      ) : null}
      <section className={sectionClass} aria-labelledby="driver-section-license">
        <h2 id="driver-section-license" className={headingClass}>
          {t("driver.section.license")}
        </h2>
        <DriverLicenseFields {...fields} />
      </section>
      {config.images.length > 0 ? (
        <section className={sectionClass} aria-labelledby="driver-section-images" data-testid="driver-images">
          <h2 id="driver-section-images" className={headingClass}>
            {t("driver.images.title")}
          </h2>
          <p className="text-sm text-gray-700">{t("driver.images.hint")}</p>
          {refused ? <ChooseImagesAgain /> : null}
          {config.images.map(({ slot, required }) => {
            const saved = driver?.images.find((i) => i.slot === slot);
            return (
              <LicenseImageSlot
                key={slot}
                slot={slot}
                required={required}
                errors={errors}
                className="border-t border-gray-200 pt-4 first-of-type:border-t-0"
                kept={
                  saved && driver ? (
                    <div className="flex flex-wrap items-center gap-3" data-testid={`current-image-${slot}`}>
                      <img
                        src={sitePath(shell, `/mypage/driver/${driver.id}/images/${slot}?v=${saved.id}`)}
                        alt={t("driver.images.alt", { name: driver.name, slot })}
                        className="h-24 w-auto max-w-full rounded border border-gray-300 bg-gray-100 object-contain"
                      />
                      <RemoveImageBox slot={slot} values={values} label={t("driver.images.remove")} />
                    </div>
                  ) : null
                }
              />
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
