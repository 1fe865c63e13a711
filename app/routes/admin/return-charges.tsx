import { Form } from "react-router";
import { AdminErrorSummary, AdminNumber } from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection, SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import type { AdminMessageKey } from "#app/i18n/admin";
import { adminMeta, useAdminI18n, useCan } from "#app/lib/admin";
import { requireStaffAccess, settingsAction } from "#app/lib/admin.server";
import { useForm } from "#app/lib/forms";
import { getReturnSettings, updateReturnSettings } from "#server/sites/return-settings";
import { RETURN_LIMITS, ReturnSettingsSchema, returnSettingsFormValues } from "#server/sites/return-settings.schema";
import type { Route } from "./+types/return-charges";

/** `/return-charges` (issue 37): the late return's grace, fuel price, NOC amounts and the meter check. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const settings = await getReturnSettings(db, siteId, actor);
  return { values: returnSettingsFormValues(settings) };
}

export function action({ context, request }: Route.ActionArgs) {
  return settingsAction(context, request, {
    path: "/return-charges",
    schema: ReturnSettingsSchema,
    save: updateReturnSettings,
  });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.returnSettings.title"));

const FIELDS: { name: string; label: AdminMessageKey; hint: AdminMessageKey; max: number }[] = [
  {
    name: "late_grace_minutes",
    label: "admin.returnSettings.grace",
    hint: "admin.returnSettings.graceHint",
    max: RETURN_LIMITS.lateGraceMinutes[1],
  },
  {
    name: "fuel_price_per_litre",
    label: "admin.returnSettings.fuelPrice",
    hint: "admin.returnSettings.fuelPriceHint",
    max: RETURN_LIMITS.fuelPricePerLitre[1],
  },
  {
    name: "noc_drivable",
    label: "admin.returnSettings.nocDrivable",
    hint: "admin.returnSettings.nocHint",
    max: RETURN_LIMITS.nocDrivable[1],
  },
  {
    name: "noc_not_drivable",
    label: "admin.returnSettings.nocNotDrivable",
    hint: "admin.returnSettings.nocHint",
    max: RETURN_LIMITS.nocNotDrivable[1],
  },
  {
    name: "mileage_jump_km",
    label: "admin.returnSettings.mileageJump",
    hint: "admin.returnSettings.mileageJumpHint",
    max: RETURN_LIMITS.mileageJumpKm[1],
  },
];

export default function AdminReturnCharges({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const can = useCan();
  const editable = can("site.edit");
  const validation = useForm(ReturnSettingsSchema, actionData, { values: loaderData.values });
  const { values } = validation;
  const { errors } = validation;
  const labels = Object.fromEntries(FIELDS.map((f) => [f.name, t(f.label)]));
  return (
    <>
      <AdminPageHeader title={t("admin.returnSettings.title")} lead={t("admin.returnSettings.lead")} />
      {editable ? null : (
        <p className="mb-4 rounded-md border border-gray-300 bg-gray-100 px-4 py-3" data-testid="read-only-notice">
          {t("admin.settings.readOnly")}
        </p>
      )}
      <Form
        method="post"
        ref={validation.formRef}
        onSubmit={validation.onSubmit}
        onChange={validation.onChange}
        noValidate
        data-testid="return-settings-form"
      >
        <CsrfField />
        <fieldset disabled={!editable} className="grid min-w-0 gap-4">
          <legend className="sr-only">{t("admin.returnSettings.title")}</legend>
          <AdminErrorSummary errors={errors} labels={labels} />
          <AdminSection>
            <p className="text-sm text-gray-700" data-testid="return-settings-example">
              {t("admin.returnSettings.example")}
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              {FIELDS.map((f) => (
                <AdminNumber
                  key={f.name}
                  name={f.name}
                  label={t(f.label)}
                  hint={t(f.hint)}
                  errors={errors}
                  defaultValue={values[f.name]}
                  maxLength={String(f.max).length}
                  required
                />
              ))}
            </div>
          </AdminSection>
          {editable ? (
            <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
              <SubmitButton testId="save">{t("admin.action.save")}</SubmitButton>
            </div>
          ) : null}
        </fieldset>
      </Form>
    </>
  );
}
