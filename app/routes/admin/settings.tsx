import { type FormEvent, useState } from "react";
import { Form, Link } from "react-router";
import { AdminErrorSummary, MlTextFields } from "#app/components/admin/fields";
import { InvoiceSettingsFields } from "#app/components/admin/invoice-settings-fields";
import { AdminPageHeader, AdminSection, SubmitButton } from "#app/components/admin/page";
import { EmbedSection } from "#app/components/admin/settings/embed-section";
import { PublicationSection } from "#app/components/admin/settings/publication-section";
import { SearchSection } from "#app/components/admin/settings/search-section";
import { VacancySection } from "#app/components/admin/settings/vacancy-section";
import { CsrfField } from "#app/components/csrf-field";
import { adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { requireStaffAccess, settingsAction } from "#app/lib/admin.server";
import { useForm } from "#app/lib/forms";
import { localizePath } from "#common/locales";
import { PLAN } from "#server/sites/plan";
import { getSiteSettings, updateSiteSettings } from "#server/sites/site-settings";
import { SETTINGS_LISTS, SiteSettingsSchema, siteSettingsFormValues } from "#server/sites/site-settings.schema";
import type { Route } from "./+types/settings";

/** `/settings`: the site's title, languages, publication, search defaults, vacancy display, embedding and analytics. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const settings = await getSiteSettings(db, siteId, actor);
  return {
    ...siteSettingsFormValues(settings),
    publicTop: localizePath("ja", `/${siteId}`),
    switcherInPlan: bundle.client.usagePlanType >= PLAN.standardPlus,
  };
}

export function action({ context, request }: Route.ActionArgs) {
  return settingsAction(context, request, {
    path: "/settings",
    schema: SiteSettingsSchema,
    save: updateSiteSettings,
    lists: SETTINGS_LISTS,
  });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.settings.title"));

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  // A saved change starts the form again from what is stored (origins lower-cased, ids trimmed).
  const stored = JSON.stringify([loaderData.values, loaderData.lists]);
  return <SettingsForm key={stored} loaderData={loaderData} actionData={actionData} />;
}

function SettingsForm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useAdminI18n();
  const can = useCan();
  const path = useAdminPath();
  const editable = can("site.edit");
  const validation = useForm(SiteSettingsSchema, actionData, { lists: SETTINGS_LISTS, values: loaderData.values });
  const { values } = validation;
  const { errors } = validation;
  // After a refused save the form shows what was sent, not what is stored.
  const lists = actionData ? actionData.lists : loaderData.lists;
  const listOf = (name: string) => lists[name] ?? (actionData && values[name] !== undefined ? [values[name]] : []);
  // The ○ △ × example follows the fields as they are typed.
  const [marks, setMarks] = useState(() => ({
    triangle: values.triangle_car_number ?? "",
    cross: values.no_reserve_car_calendar_mark ?? "",
    showCount: values.remaining_car_number === "1",
  }));
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    validation.onChange(event);
    const form = new FormData(event.currentTarget);
    setMarks({
      triangle: String(form.get("triangle_car_number") ?? ""),
      cross: String(form.get("no_reserve_car_calendar_mark") ?? ""),
      showCount: form.getAll("remaining_car_number").includes("1"),
    });
  };
  return (
    <>
      <AdminPageHeader
        title={t("admin.settings.title")}
        lead={t("admin.settings.lead")}
        actions={
          <Link to={path("/translations")} className="btn-secondary" data-testid="translations-link">
            {t("admin.translations.link")}
          </Link>
        }
      />
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
        data-testid="settings-form"
      >
        <CsrfField />
        <fieldset disabled={!editable} className="grid min-w-0 gap-4">
          <legend className="sr-only">{t("admin.settings.title")}</legend>
          <AdminErrorSummary errors={errors} />
          <AdminSection title={t("admin.settings.sectionBasics")}>
            <MlTextFields
              name="site_title"
              label={t("admin.settings.siteTitle")}
              values={values}
              errors={errors}
              required
              maxLength={100}
            />
            <MlTextFields
              name="header_message"
              label={t("admin.settings.headerMessage")}
              values={values}
              errors={errors}
              multiline
              rows={3}
              maxLength={300}
            />
          </AdminSection>

          <PublicationSection
            errors={errors}
            values={values}
            languages={listOf("languages")}
            publicTop={loaderData.publicTop}
            switcherInPlan={loaderData.switcherInPlan}
          />
          <SearchSection errors={errors} values={values} />
          <VacancySection errors={errors} values={values} marks={marks} />

          <EmbedSection errors={errors} values={values} />
          <InvoiceSettingsFields errors={errors} values={values} />
          {editable ? (
            <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
              <SubmitButton testId="save">{t("admin.action.save")}</SubmitButton>
              <p className="hidden text-sm text-gray-700 sm:block">{t("admin.settings.saveHint")}</p>
            </div>
          ) : null}
        </fieldset>
      </Form>
    </>
  );
}
