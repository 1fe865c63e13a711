import { Form } from "react-router";
import { AdminErrorSummary, AdminFieldError, fieldId, MlTextFields } from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection, SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import type { MessageKey } from "#app/i18n/messages";
import { adminMeta, useAdminI18n } from "#app/lib/admin";
import { invalidateSite, redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { handleForm } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { useI18n } from "#app/lib/i18n";
import { adminPath } from "#common/admin";
import { authorizeSettlement, getSettlement, updateSettlementMethods } from "#server/sites/settlement";
import { SETTLEMENT_LISTS, SETTLEMENT_METHODS, SettlementSchema } from "#server/sites/settlement.schema";
import type { Route } from "./+types/settlement";

/** `/settlement`: the payment methods offered at confirmation. The owner's only (the domain says so with a 403). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const { methods, values } = await getSettlement(db, siteId, actor);
  return { lists: { settlement_methods: methods.map(String) } as Record<string, string[]>, values };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  // Who may do this is known before what was sent is read: a manager's save is a 403, never a 422.
  authorizeSettlement(actor);
  const form = await request.formData();
  return handleForm(
    form,
    SettlementSchema,
    async (input) => {
      await updateSettlementMethods(db, siteId, actor, input);
      invalidateSite(context);
      return redirectWithAdminFlash(request, adminPath(siteId, "/settlement"), {
        kind: "success",
        key: "admin.flash.saved",
      });
    },
    { lists: SETTLEMENT_LISTS },
  );
}

/** The public catalogue's names of the methods, as customers read them at confirmation and on My Page. */
const METHOD_LABEL: Record<number, MessageKey> = {
  1: "reserves.pay.1",
  2: "reserves.pay.2",
  3: "reserves.pay.3",
  4: "reserves.pay.4",
};
const METHOD_HINT = { 1: "admin.settlement.hint1", 4: "admin.settlement.hint4" } as const;

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.settlement.title"));

export default function AdminSettlement({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const { t: siteT } = useI18n();
  const { errors, formRef, onSubmit, onChange, values } = useForm(SettlementSchema, actionData, {
    values: loaderData.values,
    lists: SETTLEMENT_LISTS,
  });
  // A refused save shows what was ticked (a single tick arrives as a value, not a list).
  const checked = actionData
    ? (actionData.lists.settlement_methods ??
      (actionData.values.settlement_methods ? [actionData.values.settlement_methods] : []))
    : (loaderData.lists.settlement_methods ?? []);
  const name = "settlement_methods";
  return (
    <>
      <AdminPageHeader title={t("admin.settlement.title")} lead={t("admin.settlement.lead")} />
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="grid gap-4"
        data-testid="settlement-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={errors} />
        <AdminSection>
          <fieldset
            id={fieldId(name)}
            data-field={name}
            aria-describedby={`${name}-hint${errors[name] ? ` ${name}-error` : ""}`}
          >
            <legend className="mb-1 flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-800">
              {t("admin.settlement.methods")}
              <span className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">
                {t("admin.form.required")}
              </span>
            </legend>
            <p id={`${name}-hint`} className="mb-2 text-sm text-gray-700">
              {t("admin.settlement.methodsHint")}
            </p>
            <div className="grid gap-2">
              {SETTLEMENT_METHODS.map((m) => {
                const hint = m === 1 || m === 4 ? METHOD_HINT[m] : null;
                return (
                  <label
                    key={m}
                    className="flex min-h-11 items-start gap-3 rounded-md border border-gray-300 p-3 has-[:checked]:border-blue-800 has-[:checked]:bg-blue-50"
                  >
                    <input
                      type="checkbox"
                      name={name}
                      value={String(m)}
                      defaultChecked={checked.includes(String(m))}
                      className="mt-1"
                      data-testid={`method-${m}`}
                    />
                    <span>
                      <span className="font-semibold">{siteT(METHOD_LABEL[m] ?? "reserves.pay.4")}</span>
                      {hint ? <span className="block text-sm text-gray-700">{t(hint)}</span> : null}
                    </span>
                  </label>
                );
              })}
            </div>
            <AdminFieldError id={`${name}-error`} reason={errors[name]} />
          </fieldset>
        </AdminSection>
        <AdminSection>
          <MlTextFields
            name="pay_other_note"
            label={t("admin.settlement.otherNote")}
            values={values}
            errors={errors}
            multiline
            rows={2}
            maxLength={500}
          />
          <p className="text-sm text-gray-700">{t("admin.settlement.otherNoteHint")}</p>
        </AdminSection>
        <div>
          <SubmitButton testId="save">{t("admin.action.save")}</SubmitButton>
        </div>
      </Form>
    </>
  );
}
