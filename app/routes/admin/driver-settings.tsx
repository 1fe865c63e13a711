import { Form } from "react-router";
import {
  AdminCheckbox,
  AdminErrorSummary,
  type AdminErrors,
  AdminFieldError,
  AdminSelect,
  fieldId,
} from "#app/components/admin/fields";
import { useLiveValues } from "#app/components/admin/markup";
import { AdminPageHeader, AdminSection, SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import type { MessageKey } from "#app/i18n/messages";
import { adminMeta, useAdminI18n, useCan } from "#app/lib/admin";
import { invalidateSite, redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { handleForm } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { useI18n } from "#app/lib/i18n";
import { adminPath } from "#common/admin";
import { ALWAYS_REQUIRED, type DriverField, type FieldMode, MAX_IMAGES } from "#server/drivers/driver.schema";
import { getDriverInputSettings, updateDriverInputSettings } from "#server/drivers/input-settings";
import {
  DRIVER_SETTING_KEYS,
  DriverInputSettingsSchema,
  driverInputSettingsFormValues,
  modeFieldName,
  modesOf,
} from "#server/drivers/input-settings.schema";
import type { Route } from "./+types/driver-settings";

/** `/driver-settings`: per driver field hidden, optional or required; the licence pictures; "hide all". */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const settings = await getDriverInputSettings(db, siteId, actor);
  return { values: driverInputSettingsFormValues(settings) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request, "content.edit");
  const form = await request.formData();
  return handleForm(form, DriverInputSettingsSchema, async (input) => {
    await updateDriverInputSettings(db, siteId, actor, input);
    // The public forms read these settings on each request; the site's cache holds other things only.
    invalidateSite(context);
    return redirectWithAdminFlash(request, adminPath(siteId, "/driver-settings"), {
      kind: "success",
      key: "admin.flash.saved",
    });
  });
}

/** The public forms' own labels for each field (My Page's driver form and the booking's customer step). */
const LABELS: Record<string, MessageKey> = {
  name: "driver.field.name",
  kana: "driver.field.kana",
  birthdate: "driver.field.birthdate",
  tel: "driver.field.tel",
  zip: "address.zip",
  country: "address.country",
  pref_code: "address.pref",
  address_a: "address.addressA",
  address_b: "address.addressB",
  license_type: "driver.field.licenseType",
  license_number: "driver.field.licenseNumber",
  license_acquisition_date: "driver.field.licenseAcquisitionDate",
  license_expiration_date: "driver.field.licenseExpirationDate",
  driver_image1: "driver.images.slot1",
  driver_image2: "driver.images.slot2",
  driver_image3: "driver.images.slot3",
  driver_image4: "driver.images.slot4",
};

const MODE_LABEL = { 0: "admin.driver.hidden", 1: "admin.driver.optional", 2: "admin.driver.required" } as const;

/**
 * One field's three choices: a row of a table on a desktop (the choices line up in columns), a card
 * on a phone. A fieldset whose legend is the field, so each radio is read with it.
 */
function ModeRow({
  settingKey,
  value,
  errors,
  note,
}: {
  settingKey: string;
  value: string | undefined;
  errors: AdminErrors;
  note?: string;
}) {
  const { t } = useAdminI18n();
  const { t: siteT } = useI18n();
  const name = modeFieldName(settingKey);
  const allowed = modesOf(settingKey);
  const label = siteT(LABELS[settingKey] ?? "driver.field.name");
  const alwaysRequired = ALWAYS_REQUIRED.has(settingKey as DriverField);
  const hint = [alwaysRequired ? t("admin.driver.alwaysRequired") : null, note].filter(Boolean).join(" ");
  return (
    <fieldset
      id={fieldId(name)}
      data-field={name}
      data-testid={`mode-${settingKey}`}
      className="grid gap-2 border-b border-gray-200 py-3 last:border-0 sm:grid-cols-[minmax(10rem,1fr)_minmax(0,2fr)] sm:items-center"
      aria-describedby={hint ? `${name}-hint` : undefined}
    >
      <legend className="sr-only">{label}</legend>
      <div aria-hidden="true">
        <p className="font-semibold">{label}</p>
      </div>
      <div className="grid grid-cols-3 gap-2">
        {([0, 1, 2] as FieldMode[]).map((mode) =>
          allowed.includes(mode) ? (
            <label
              key={mode}
              className="flex min-h-11 items-center gap-2 rounded-md border border-gray-300 px-2 has-[:checked]:border-blue-800 has-[:checked]:bg-blue-50"
            >
              <input type="radio" name={name} value={String(mode)} defaultChecked={value === String(mode)} />
              <span className="text-sm">{t(MODE_LABEL[mode])}</span>
            </label>
          ) : (
            <span key={mode} className="flex min-h-11 items-center justify-center text-gray-600" aria-hidden="true">
              —
            </span>
          ),
        )}
      </div>
      {hint ? (
        <p id={`${name}-hint`} className="text-sm text-gray-700 sm:col-start-2">
          {hint}
        </p>
      ) : null}
      <div className="sm:col-start-2">
        <AdminFieldError id={`${name}-error`} reason={errors[name]} />
      </div>
    </fieldset>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.driver.title"));

export default function AdminDriverSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const can = useCan();
  const { errors, formRef, onSubmit, onChange } = useForm(DriverInputSettingsSchema, actionData);
  const values: Record<string, string> = actionData ? actionData.values : loaderData.values;
  const { live, onInput } = useLiveValues(values);
  const shownPictures = Number(live.license_pictures_display_num);
  const editable = can("content.edit");
  const fields = DRIVER_SETTING_KEYS.filter((k) => !k.startsWith("driver_image"));
  const images = DRIVER_SETTING_KEYS.filter((k) => k.startsWith("driver_image"));
  return (
    <>
      <AdminPageHeader title={t("admin.driver.title")} lead={t("admin.driver.lead")} />
      {!editable ? <p className="mb-4 text-gray-700">{t("admin.content.readOnly")}</p> : null}
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={(event) => {
          onChange(event);
          onInput(event);
        }}
        noValidate
        className="grid gap-4"
        data-testid="driver-settings-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={errors} />
        <AdminSection title={t("admin.driver.sectionFields")}>
          <div>
            {fields.map((key) => (
              <ModeRow key={key} settingKey={key} value={values[modeFieldName(key)]} errors={errors} />
            ))}
          </div>
        </AdminSection>
        <AdminSection title={t("admin.driver.sectionImages")}>
          <div className="sm:max-w-xs">
            <AdminSelect
              name="license_pictures_display_num"
              label={t("admin.driver.pictures")}
              hint={t("admin.driver.picturesHint")}
              errors={errors}
              defaultValue={values.license_pictures_display_num}
              options={Array.from({ length: MAX_IMAGES + 1 }, (_, n) => ({ value: String(n), label: String(n) }))}
            />
          </div>
          <div>
            {images.map((key, i) => (
              <ModeRow
                key={key}
                settingKey={key}
                value={values[modeFieldName(key)]}
                errors={errors}
                note={i + 1 > shownPictures ? t("admin.driver.beyondPictures") : undefined}
              />
            ))}
          </div>
        </AdminSection>
        <AdminSection>
          <AdminCheckbox
            name="should_hide_all_inputs"
            label={t("admin.driver.hideAll")}
            hint={t("admin.driver.hideAllHint")}
            defaultChecked={values.should_hide_all_inputs === "1"}
            errors={errors}
          />
        </AdminSection>
        {editable ? (
          <div className="sticky bottom-0 z-10 -mx-4 flex gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <SubmitButton testId="save">{t("admin.action.save")}</SubmitButton>
          </div>
        ) : null}
      </Form>
    </>
  );
}
