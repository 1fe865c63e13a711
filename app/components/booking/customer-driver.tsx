import {
  ChooseImagesAgain,
  DriverAddressFields,
  DriverLicenseFields,
  DriverPersonFields,
  LicenseImageSlot,
  RemoveImageBox,
} from "#app/components/form/driver-fields";
import { useI18n } from "#app/lib/i18n";
import { isJapanese } from "#common/address";
import type { ReasonLike } from "#common/app-error";
import { DRIVER_PREFIX, driverLicenseTypeName } from "#common/customer-form";
import { FOREIGN_LICENSE_TYPES } from "#common/license-types";
import type { DriverFormConfig } from "#server/drivers/driver.schema";

/** The driver part of the booking's customer step (app/routes/reserve/user.tsx). */

type Values = Partial<Record<string, string>>;
type Errors = Partial<Record<string, ReasonLike>>;

/**
 * Whether the driver will need the papers of a visitor from abroad: the renter (who drives, or
 * books for others) lives abroad, or the new driver lives abroad or holds a licence from abroad.
 */
export function drivesOnForeignPapers(get: (name: string) => string): boolean {
  if (!isJapanese(get("pref_code"), get("country"))) return true;
  if (get("driver_mode") !== "new") return false;
  return (
    !isJapanese(get(`${DRIVER_PREFIX}pref_code`), get(`${DRIVER_PREFIX}country`)) ||
    FOREIGN_LICENSE_TYPES.some((code) => get(driverLicenseTypeName(code)) !== "")
  );
}

/** What a visitor from abroad must bring to the counter to drive in Japan, in the page's language. */
export function BringToCounter() {
  const { t } = useI18n();
  return (
    <div
      role="note"
      aria-labelledby="bring-title"
      className="rounded-md border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-gray-900"
      data-testid="bring-notice"
    >
      <p id="bring-title" className="font-bold">
        {t("driver.bring.title")}
      </p>
      <p className="mt-1">{t("driver.bring.lead")}</p>
      <ul className="mt-1 list-disc pl-5">
        <li>{t("driver.bring.idp")}</li>
        <li>{t("driver.bring.translation")}</li>
      </ul>
      <p className="mt-1">{t("driver.bring.note")}</p>
    </div>
  );
}

/**
 * A driver entered for this booking: the fields the site's driver input settings show, named
 * `driver_…` so they never mix with the borrower's; images already received for this booking
 * are listed with a box to withdraw them, and a new file replaces one.
 */
export function NewDriverFields({
  config,
  values,
  errors,
  storedSlots,
  chooseAgain,
}: {
  config: DriverFormConfig;
  values: Values;
  errors: Errors;
  storedSlots: readonly number[];
  chooseAgain: boolean;
}) {
  const { t } = useI18n();
  const fields = { config, values, errors, prefix: DRIVER_PREFIX };
  return (
    <div className="flex flex-col gap-4" data-testid="new-driver-fields">
      <DriverPersonFields {...fields} />
      <DriverAddressFields {...fields} />
      <DriverLicenseFields {...fields} />
      {config.images.length > 0 ? (
        <fieldset className="flex flex-col gap-3" data-testid="driver-images">
          <legend className="font-semibold">{t("driver.images.title")}</legend>
          <p className="text-sm text-gray-700">{t("driver.images.hint")}</p>
          {chooseAgain ? <ChooseImagesAgain /> : null}
          {config.images.map(({ slot, required }) => (
            <LicenseImageSlot
              key={slot}
              slot={slot}
              required={required}
              errors={errors}
              kept={
                storedSlots.includes(slot) ? (
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-1" data-testid={`stored-image-${slot}`}>
                    <p className="text-sm">{t("customer.images.stored", { slot })}</p>
                    <RemoveImageBox slot={slot} values={values} label={t("customer.images.removeStored", { slot })} />
                  </div>
                ) : null
              }
            />
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
