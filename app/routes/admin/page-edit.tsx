import { Form } from "react-router";
import { AdminErrorSummary, AdminInput, AdminNumber, MlTextFields } from "#app/components/admin/fields";
import { MarkupHelp, MarkupPreview, PreviewButton, useLiveValues } from "#app/components/admin/markup";
import { AdminPageHeader, AdminSection, DeleteForm, SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import { type AdminT, adminMeta, useAdminFrame, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { requireStaffAccess, rowAction } from "#app/lib/admin.server";
import { formFailure } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { requireId } from "#app/lib/site.server";
import { CustomPageSchema, customPageFormValues, LIMITS } from "#server/content/content.schema";
import {
  createCustomPage,
  deleteCustomPage,
  getCustomPage,
  listCustomPages,
  updateCustomPage,
} from "#server/content/custom-pages";
import type { Route } from "./+types/page-edit";

/** `/pages/new` and `/pages/:pageId`: a custom page's address, titles and text, with its preview. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  if (params.pageId === undefined) {
    const { priceListPageUrl } = await listCustomPages(db, siteId, actor);
    return { pageId: null, savedUrl: null, title: "", priceListPageUrl, values: { display_order: "0" } };
  }
  const page = await getCustomPage(db, siteId, actor, requireId(params.pageId));
  return {
    pageId: page.id,
    savedUrl: page.pageUrl,
    title: page.pageTitle,
    priceListPageUrl: page.priceListPageUrl,
    values: customPageFormValues(page),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const access = requireStaffAccess(context, request, "content.edit");
  const { actor, siteId, db } = access;
  const form = await request.formData();
  const pageId = params.pageId === undefined ? null : requireId(params.pageId);
  // The preview without JavaScript: the form comes back as sent, and the page renders its preview.
  if (form.get("intent") === "preview") return formFailure(form, {}, 200);
  return rowAction(access, request, form, {
    id: pageId,
    list: "/pages",
    schema: CustomPageSchema,
    create: async (input) => (await createCustomPage(db, siteId, actor, input)).pageId,
    update: (id, input) => updateCustomPage(db, siteId, actor, id, input),
    remove: (id) => deleteCustomPage(db, siteId, actor, id),
  });
}

/** The page's heading, and its document title. */
function pageTitle(t: AdminT, data: Route.ComponentProps["loaderData"]): string {
  return data.pageId === null ? t("admin.pages.newTitle") : `${t("admin.pages.editTitle")}: ${data.title}`;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

export default function AdminPageEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const can = useCan();
  const { siteId } = useAdminFrame();
  const { errors, formRef, onSubmit, onChange } = useForm(CustomPageSchema, actionData);
  // After a refused save or a preview the form shows what was sent, not what is stored.
  const values: Record<string, string> = actionData ? actionData.values : loaderData.values;
  const { live, onInput } = useLiveValues(values);
  const isNew = loaderData.pageId === null;
  const editable = can("content.edit");
  const url = live.page_url ?? "";
  const { priceListPageUrl, savedUrl } = loaderData;
  const isPriceList = priceListPageUrl !== null && (url === priceListPageUrl || savedUrl === priceListPageUrl);
  return (
    <>
      <AdminPageHeader
        title={pageTitle(t, loaderData)}
        back={path("/pages")}
        actions={
          savedUrl ? (
            <a
              href={`/${siteId}/c/${savedUrl}`}
              target="_blank"
              rel="noopener"
              className="btn-secondary"
              aria-label={t("admin.pages.openPublicNewTab")}
              data-testid="open-public"
            >
              {t("admin.pages.openPublic")} ↗
            </a>
          ) : null
        }
      />
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
        data-testid="page-form"
      >
        <CsrfField />
        <AdminErrorSummary
          errors={errors}
          labels={{
            page_title: t("admin.pages.pageTitle"),
            page_url: t("admin.pages.url"),
            display_order: t("admin.pages.order"),
          }}
        />
        <AdminSection title={t("admin.pages.sectionBasics")}>
          <MlTextFields
            name="page_title"
            label={t("admin.pages.pageTitle")}
            values={values}
            errors={errors}
            required
            maxLength={LIMITS.pageTitle}
          />
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <AdminInput
              name="page_url"
              label={t("admin.pages.url")}
              required
              errors={errors}
              defaultValue={values.page_url}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={LIMITS.pageUrl}
              hint={
                <>
                  {t("admin.pages.urlHint", { path: `/${siteId}/c/${url || "…"}` })}
                  {isPriceList ? (
                    <span className="mt-1 block font-semibold text-blue-950" data-testid="price-list-hint">
                      {t("admin.pages.priceListHint", { url: priceListPageUrl ?? "" })}
                    </span>
                  ) : null}
                </>
              }
            />
            <AdminNumber
              name="display_order"
              label={t("admin.pages.order")}
              hint={t("admin.pages.orderHint")}
              errors={errors}
              defaultValue={values.display_order}
              required
            />
          </div>
        </AdminSection>
        <AdminSection title={t("admin.pages.sectionContents")}>
          <MarkupHelp />
          <MlTextFields
            name="page_contents"
            label={t("admin.pages.contents")}
            values={values}
            errors={errors}
            multiline
            rows={8}
            maxLength={LIMITS.pageContents}
          />
        </AdminSection>
        {editable ? (
          <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <SubmitButton testId="save">{isNew ? t("admin.action.create") : t("admin.action.save")}</SubmitButton>
            <PreviewButton />
          </div>
        ) : null}
      </Form>
      <div className="mt-6">
        <MarkupPreview name="page_contents" titleName="page_title" values={live} />
      </div>
      {!isNew && editable ? (
        <div className="mt-8 grid gap-2 border-t border-gray-200 pt-4">
          <p className="text-sm text-gray-700">{t("admin.pages.deleteHint")}</p>
          <DeleteForm />
        </div>
      ) : null}
    </>
  );
}
