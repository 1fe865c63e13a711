import { Form } from "react-router";
import { AdminErrorSummary, ML_LANGS, MlTextFields } from "#app/components/admin/fields";
import { useLiveValues } from "#app/components/admin/markup";
import { AdminPageHeader, AdminSection, SubmitButton } from "#app/components/admin/page";
import { seoKindLabel } from "#app/components/admin/seo-kind";
import { CsrfField } from "#app/components/csrf-field";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { invalidateSite, redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { handleForm } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { adminPath } from "#common/admin";
import { LIMITS, SEO_SHOWN, SeoSchema, seoFormValues } from "#server/content/content.schema";
import { getSeoSetting, updateSeoSetting } from "#server/content/seo";
import type { Route } from "./+types/seo-edit";

/** `/seo/:kind`: one page kind's title and description in four languages, with the lengths search results show. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const found = await getSeoSetting(db, siteId, actor, params.kind);
  return { kind: found.kind, customPage: found.customPage, values: seoFormValues(found.row) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request, "content.edit");
  const form = await request.formData();
  return handleForm(form, SeoSchema, async (input) => {
    await updateSeoSetting(db, siteId, actor, params.kind, input);
    invalidateSite(context);
    return redirectWithAdminFlash(request, adminPath(siteId, "/seo"), { kind: "success", key: "admin.flash.saved" });
  });
}

/** Languages written mostly in full-width characters: search results show about half as many of them. */
const WIDE_SCRIPT = new Set(["ja", "ko", "zh-TW"]);

/** A text's width in half-width characters: a full-width character (kana, kanji, hangul) counts twice. */
const widthOf = (text: string) => Array.from(text).reduce((n, c) => n + (c.charCodeAt(0) <= 0xff ? 1 : 2), 0);

/** Each language's length against what search results show: a guide, not a limit. */
function Lengths({
  name,
  limits,
  values,
}: {
  name: string;
  limits: { wide: number; narrow: number };
  values: Record<string, string>;
}) {
  const { t } = useAdminI18n();
  const rows = ML_LANGS.map((l) => {
    const text = values[`${name}${l.suffix}`] ?? "";
    const limit = WIDE_SCRIPT.has(l.lang) ? limits.wide * 2 : limits.narrow;
    return { l, count: Array.from(text).length, over: widthOf(text) > limit };
  }).filter((r) => r.count > 0);
  if (!rows.length) return null;
  return (
    <div className="text-sm" data-testid={`lengths-${name}`}>
      <p className="font-semibold text-gray-800">{t("admin.seo.lengths")}</p>
      <ul className="flex flex-wrap gap-x-4" aria-live="polite">
        {rows.map(({ l, count, over }) => (
          <li
            key={l.suffix || "ja"}
            className={over ? "font-semibold text-amber-900" : "text-gray-700"}
            data-over={over}
          >
            {t(over ? "admin.seo.lengthOver" : "admin.seo.length", { lang: t(l.label), count })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The page's heading, and its document title. */
function pageTitle(t: AdminT, data: Route.ComponentProps["loaderData"]): string {
  return t("admin.seo.editTitle", { page: seoKindLabel(t, data) });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

export default function AdminSeoEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const can = useCan();
  const { errors, formRef, onSubmit, onChange } = useForm(SeoSchema, actionData);
  const values: Record<string, string> = actionData ? actionData.values : loaderData.values;
  const { live, onInput } = useLiveValues(values);
  const editable = can("content.edit");
  const shared = loaderData.kind === "car_type" || loaderData.kind === "store_detail";
  return (
    <>
      <AdminPageHeader
        title={pageTitle(t, loaderData)}
        lead={shared ? t("admin.seo.sharedHint") : undefined}
        back={path("/seo")}
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
        data-testid="seo-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={errors} />
        <AdminSection>
          <MlTextFields
            name="page_title"
            label={t("admin.seo.pageTitle")}
            values={values}
            errors={errors}
            maxLength={LIMITS.seoTitle}
          />
          <p className="-mt-2 text-sm text-gray-700">{t("admin.seo.pageTitleHint", SEO_SHOWN.title)}</p>
          <Lengths name="page_title" limits={SEO_SHOWN.title} values={live} />
          <MlTextFields
            name="description"
            label={t("admin.seo.description")}
            values={values}
            errors={errors}
            multiline
            rows={3}
            maxLength={LIMITS.seoDescription}
          />
          <p className="-mt-2 text-sm text-gray-700">{t("admin.seo.descriptionHint", SEO_SHOWN.description)}</p>
          <Lengths name="description" limits={SEO_SHOWN.description} values={live} />
          <p className="text-sm text-gray-700">{t("admin.seo.clearHint")}</p>
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
