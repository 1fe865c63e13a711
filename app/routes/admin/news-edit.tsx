import { Form } from "react-router";
import { AdminErrorSummary, AdminInput, MlTextFields } from "#app/components/admin/fields";
import { AdminPageHeader, AdminSection, DeleteForm, SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { requireStaffAccess, rowAction } from "#app/lib/admin.server";
import { useForm } from "#app/lib/forms";
import { requireId } from "#app/lib/site.server";
import { localDate } from "#common/calendar-date";
import { LIMITS, NewsSchema, newsFormValues } from "#server/content/content.schema";
import { createNews, deleteNews, getNews, updateNews } from "#server/content/news";
import { siteTimeZone } from "#server/sites/site-bundle";
import type { Route } from "./+types/news-edit";

/** `/news/new` and `/news/:newsId`: a news item's date, title and text in four languages. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  if (params.newsId === undefined) {
    // A new item is dated today, in the site's zone.
    const today = localDate(new Date(), siteTimeZone(bundle));
    return { newsId: null, title: "", values: { published_on: today } as Record<string, string> };
  }
  const item = await getNews(db, siteId, actor, requireId(params.newsId));
  return { newsId: item.id, title: item.title, values: newsFormValues(item) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const access = requireStaffAccess(context, request, "content.edit");
  const { actor, siteId, db } = access;
  const form = await request.formData();
  const newsId = params.newsId === undefined ? null : requireId(params.newsId);
  return rowAction(access, request, form, {
    id: newsId,
    list: "/news",
    after: "list",
    schema: NewsSchema,
    create: async (input) => (await createNews(db, siteId, actor, input)).newsId,
    update: (id, input) => updateNews(db, siteId, actor, id, input),
    remove: (id) => deleteNews(db, siteId, actor, id),
  });
}

/** The page's heading, and its document title. */
function pageTitle(t: AdminT, data: Route.ComponentProps["loaderData"]): string {
  return data.newsId === null ? t("admin.news.newTitle") : `${t("admin.news.editTitle")}: ${data.title}`;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

export default function AdminNewsEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const can = useCan();
  const { errors, formRef, onSubmit, onChange } = useForm(NewsSchema, actionData);
  const values: Record<string, string> = actionData ? actionData.values : loaderData.values;
  const isNew = loaderData.newsId === null;
  const editable = can("content.edit");
  return (
    <>
      <AdminPageHeader title={pageTitle(t, loaderData)} back={path("/news")} />
      {!editable ? <p className="mb-4 text-gray-700">{t("admin.content.readOnly")}</p> : null}
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="grid gap-4"
        data-testid="news-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={errors} />
        <AdminSection>
          <div className="sm:max-w-xs">
            <AdminInput
              name="published_on"
              type="date"
              label={t("admin.news.date")}
              errors={errors}
              defaultValue={values.published_on}
              required
            />
          </div>
          <MlTextFields
            name="title"
            label={t("admin.news.itemTitle")}
            values={values}
            errors={errors}
            required
            maxLength={LIMITS.newsTitle}
          />
          <MlTextFields
            name="body"
            label={t("admin.news.body")}
            values={values}
            errors={errors}
            multiline
            rows={5}
            maxLength={LIMITS.newsBody}
          />
          <p className="text-sm text-gray-700">{t("admin.news.bodyHint")}</p>
        </AdminSection>
        {editable ? (
          <div className="sticky bottom-0 z-10 -mx-4 flex gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <SubmitButton testId="save">{isNew ? t("admin.action.create") : t("admin.action.save")}</SubmitButton>
          </div>
        ) : null}
      </Form>
      {!isNew && editable ? (
        <div className="mt-8 border-t border-gray-200 pt-4">
          <DeleteForm />
        </div>
      ) : null}
    </>
  );
}
