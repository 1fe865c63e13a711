import { type FormEvent, useState } from "react";
import { Form } from "react-router";
import { FeeScheduleSummary, FeeStepRows } from "#app/components/admin/cancellation-fees";
import { AdminCheckbox, AdminErrorSummary, AdminNumber } from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection, SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import { adminMeta, useAdminI18n, useCan } from "#app/lib/admin";
import { requireStaffAccess, settingsAction } from "#app/lib/admin.server";
import { formObject, useForm } from "#app/lib/forms";
import type { CancellationFeeStep } from "#common/counter";
import { getCancellationSettings, updateCancellationSettings } from "#server/sites/cancellation-settings";
import {
  CancellationSettingsSchema,
  cancellationFormValues,
  DEADLINE_HOURS_MAX,
  feeDaysName,
  feePercentName,
  feeRowsIn,
  MAX_FEE_STEPS,
} from "#server/sites/cancellation-settings.schema";
import type { Route } from "./+types/cancellation";

/** Empty rows offered besides the saved steps, so a schedule can be written without JavaScript. */
const MIN_ROWS = 3;

/** `/cancellation`: whether and until when customers may cancel online, and the cancellation fee schedule. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const settings = await getCancellationSettings(db, siteId, actor);
  const rows = Math.min(MAX_FEE_STEPS, Math.max(settings.cancellationFees.length + 1, MIN_ROWS));
  return { values: cancellationFormValues(settings), rows };
}

export function action({ context, request }: Route.ActionArgs) {
  return settingsAction(context, request, {
    path: "/cancellation",
    schema: CancellationSettingsSchema,
    save: updateCancellationSettings,
  });
}

/** The schedule the fields describe, or null while they are refused. */
function stepsOf(values: Record<string, unknown>): CancellationFeeStep[] | null {
  const parsed = CancellationSettingsSchema.safeParse(values);
  return parsed.success ? parsed.data.cancellationFees : null;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.cancellation.title"));

export default function AdminCancellation({ loaderData, actionData }: Route.ComponentProps) {
  // A saved change starts the form again from what is stored (the steps sorted, empty rows gone).
  return <CancellationForm key={JSON.stringify(loaderData.values)} loaderData={loaderData} actionData={actionData} />;
}

function CancellationForm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useAdminI18n();
  const can = useCan();
  const editable = can("site.edit");
  const validation = useForm(CancellationSettingsSchema, actionData, { values: loaderData.values });
  const { values } = validation;
  const { errors, setErrors } = validation;
  // After a refused save the form shows what was sent, with as many rows as were sent.
  const rows = actionData ? Math.max(feeRowsIn(values), 1) : loaderData.rows;
  const [steps, setSteps] = useState(() => stepsOf(values));
  const readSteps = (form: HTMLFormElement | null) => {
    if (form) setSteps(stepsOf(formObject(new FormData(form))));
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    validation.onChange(event);
    readSteps(event.currentTarget);
  };
  const onRowsChange = () => {
    // The rows' fields were renumbered: their messages no longer belong to them (submit checks again).
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !field.startsWith("fee_"))));
    readSteps(validation.formRef.current);
  };
  // The summary names each row's field: "duplicate" alone would not say which step.
  const summaryLabels: Record<string, string> = { customer_cancel_deadline_hours: t("admin.cancellation.deadline") };
  for (let row = 0; row < MAX_FEE_STEPS; row++) {
    const step = t("admin.cancellation.step", { n: row + 1 });
    summaryLabels[feeDaysName(row)] = `${step} ${t("admin.cancellation.days")}`;
    summaryLabels[feePercentName(row)] = `${step} ${t("admin.cancellation.percent")}`;
  }
  return (
    <>
      <AdminPageHeader title={t("admin.cancellation.title")} lead={t("admin.cancellation.lead")} />
      {editable ? null : (
        <p className="mb-4 rounded-md border border-gray-300 bg-gray-100 px-4 py-3" data-testid="read-only-notice">
          {t("admin.settings.readOnly")}
        </p>
      )}
      <Form
        method="post"
        ref={validation.formRef}
        onSubmit={validation.onSubmit}
        onChange={onChange}
        noValidate
        data-testid="cancellation-form"
      >
        <CsrfField />
        <fieldset disabled={!editable} className="grid min-w-0 gap-4">
          <legend className="sr-only">{t("admin.cancellation.title")}</legend>
          <AdminErrorSummary errors={errors} labels={summaryLabels} />
          <AdminSection title={t("admin.cancellation.sectionOnline")}>
            <AdminCheckbox
              name="customer_cancel"
              label={t("admin.cancellation.customerCancel")}
              hint={t("admin.cancellation.customerCancelHint")}
              defaultChecked={values.customer_cancel === "1"}
              errors={errors}
            />
            <div className="sm:max-w-xs">
              <AdminNumber
                name="customer_cancel_deadline_hours"
                label={t("admin.cancellation.deadline")}
                hint={t("admin.cancellation.deadlineHint", { max: DEADLINE_HOURS_MAX })}
                errors={errors}
                defaultValue={values.customer_cancel_deadline_hours}
                maxLength={5}
                required
              />
            </div>
          </AdminSection>
          <AdminSection title={t("admin.cancellation.sectionFees")}>
            <p className="text-sm text-gray-700">{t("admin.cancellation.feesLead")}</p>
            <p className="text-sm text-gray-700" data-testid="fee-example">
              {t("admin.cancellation.feesExample")}
            </p>
            <FeeStepRows values={values} rows={rows} errors={errors} onRowsChange={onRowsChange} />
            <FeeScheduleSummary steps={steps} />
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
