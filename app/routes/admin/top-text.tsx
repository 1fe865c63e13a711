import { Form } from "react-router";
import { AdminErrorSummary, MlTextFields } from "#app/components/admin/fields";
import { MarkupHelp, MarkupPreview, PreviewButton, useLiveValues } from "#app/components/admin/markup";
import { AdminPageHeader, AdminSection, SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import { adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { invalidateSite, redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { formFailure, handleForm } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { adminPath } from "#common/admin";
import { LIMITS, TopTextSchema } from "#server/content/content.schema";
import { getTopText, updateTopText } from "#server/content/top-text";
import { mlValues } from "#server/staff/admin-fields.schema";
import type { Route } from "./+types/top-text";

/** `/pages/top`: the top page's own text (top_infos.page_edit_top) in four languages, with its preview. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const top = await getTopText(db, siteId, actor);
  return { values: mlValues("pageEditTop", { ...top }, "page_edit_top") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request, "content.edit");
  const form = await request.formData();
  // The preview without JavaScript: the form comes back as sent, and the page renders its preview.
  if (form.get("intent") === "preview") return formFailure(form, {}, 200);
  return handleForm(form, TopTextSchema, async (input) => {
    await updateTopText(db, siteId, actor, input);
    invalidateSite(context);
    return redirectWithAdminFlash(request, adminPath(siteId, "/pages/top"), {
      kind: "success",
      key: "admin.flash.saved",
    });
  });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.top.title"));

export default function AdminTopText({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const can = useCan();
  const { errors, formRef, onSubmit, onChange } = useForm(TopTextSchema, actionData);
  const values: Record<string, string> = actionData ? actionData.values : loaderData.values;
  const { live, onInput } = useLiveValues(values);
  const editable = can("content.edit");
  return (
    <>
      <AdminPageHeader title={t("admin.top.title")} lead={t("admin.top.lead")} back={path("/pages")} />
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
        data-testid="top-text-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={errors} />
        <AdminSection>
          <MarkupHelp />
          <MlTextFields
            name="page_edit_top"
            label={t("admin.top.text")}
            values={values}
            errors={errors}
            multiline
            rows={10}
            maxLength={LIMITS.topText}
          />
        </AdminSection>
        {editable ? (
          <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <SubmitButton testId="save">{t("admin.action.save")}</SubmitButton>
            <PreviewButton />
          </div>
        ) : null}
      </Form>
      <div className="mt-6">
        <MarkupPreview name="page_edit_top" values={live} />
      </div>
    </>
  );
}
