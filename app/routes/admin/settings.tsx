import { type FormEvent, useState } from "react";
import { Form, Link } from "react-router";
import { RENTAL_PERIOD_SLUGS } from "../../../common/codes";
import { localizePath } from "../../../common/locales";
import { PLAN } from "../../../server/sites/plan";
import { getSiteSettings, updateSiteSettings } from "../../../server/sites/site-settings";
import {
  MAX_EMBED_ORIGINS,
  SETTINGS_LISTS,
  SiteSettingsSchema,
  siteSettingsFormValues,
} from "../../../server/sites/site-settings.schema";
import {
  AdminCheckbox,
  AdminCheckboxGroup,
  AdminErrorSummary,
  type AdminErrors,
  AdminInput,
  AdminNumber,
  AdminRadioGroup,
  AdminSelect,
  AdminTextarea,
  MlTextFields,
} from "../../components/admin/fields";
import { InvoiceSettingsFields } from "../../components/admin/invoice-settings-fields";
import { AdminPageHeader, AdminSection, SubmitButton } from "../../components/admin/page";
import { VacancyMarkExample } from "../../components/admin/vacancy-mark-example";
import { CsrfField } from "../../components/csrf-field";
import { adminMeta, useAdminI18n, useAdminPath, useCan } from "../../lib/admin";
import { requireStaffAccess, settingsAction } from "../../lib/admin.server";
import { useForm } from "../../lib/forms";
import { useI18n } from "../../lib/i18n";
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
  const { t: siteT } = useI18n();
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
  const days = (name: string, label: string) => (
    <AdminNumber
      name={name}
      label={label}
      hint={t("admin.settings.dayHint")}
      errors={errors}
      defaultValue={values[name]}
      required
    />
  );
  const time = (name: string, label: string) => (
    <AdminInput
      name={name}
      type="time"
      step={1800}
      label={label}
      errors={errors}
      defaultValue={values[name]}
      required
    />
  );
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

          <AdminSection title={t("admin.settings.sectionPublication")}>
            <AdminRadioGroup
              name="public_status"
              label={t("admin.settings.publicStatus")}
              value={values.public_status}
              errors={errors}
              options={[
                { value: "1", label: t("admin.settings.public"), hint: t("admin.settings.publicHint") },
                {
                  value: "2",
                  label: t("admin.settings.unpublished"),
                  hint: t("admin.settings.unpublishedHint", { path: `${loaderData.publicTop}/unpublished` }),
                },
              ]}
            />
            <AdminCheckboxGroup
              name="languages"
              label={t("admin.settings.languages")}
              options={[
                { value: "en", label: t("admin.form.langEn") },
                { value: "kr", label: t("admin.form.langKo") },
                { value: "tw", label: t("admin.form.langTw") },
              ]}
              checked={listOf("languages")}
              errors={errors}
              hint={
                <>
                  {t("admin.settings.languagesHint")}{" "}
                  {loaderData.switcherInPlan
                    ? t("admin.settings.switcherInPlan")
                    : t("admin.settings.switcherNotInPlan")}
                </>
              }
            />
            <AdminCheckbox
              name="web_reserve_accepting"
              label={t("admin.settings.webReserve")}
              hint={t("admin.settings.webReserveHint", { message: siteT("reason.web_reserve_suspended") })}
              defaultChecked={values.web_reserve_accepting === "1"}
              errors={errors}
            />
            <AdminCheckbox
              name="is_disp_non_member"
              label={t("admin.settings.guestBooking")}
              hint={t("admin.settings.guestBookingHint")}
              defaultChecked={values.is_disp_non_member === "1"}
              errors={errors}
            />
          </AdminSection>

          <AdminSection title={t("admin.settings.sectionSearch")}>
            <p className="text-sm text-gray-700">{t("admin.settings.searchLead")}</p>
            <div className="grid gap-4 sm:grid-cols-2">
              {days("default_start_day", t("admin.settings.startDay"))}
              {time("default_start_time", t("admin.settings.startTime"))}
              {days("default_end_day", t("admin.settings.endDay"))}
              {time("default_end_time", t("admin.settings.endTime"))}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <AdminSelect
                name="default_rental_period_slug"
                label={t("admin.settings.rentalPeriod")}
                hint={t("admin.settings.rentalPeriodHint")}
                errors={errors}
                defaultValue={values.default_rental_period_slug}
                options={RENTAL_PERIOD_SLUGS.map((slug) => ({ value: slug, label: siteT(`period.${slug}`) }))}
              />
              <AdminSelect
                name="default_disp_empty_car_type"
                label={t("admin.settings.emptyCars")}
                hint={t("admin.settings.emptyCarsHint")}
                errors={errors}
                defaultValue={values.default_disp_empty_car_type}
                options={[
                  { value: "2", label: t("admin.settings.emptyCarsHide") },
                  { value: "1", label: t("admin.settings.emptyCarsShow") },
                ]}
              />
            </div>
          </AdminSection>

          <AdminSection title={t("admin.settings.sectionWindow")}>
            <div className="grid gap-4 sm:grid-cols-2">
              <AdminNumber
                name="min_lead_minutes"
                label={t("admin.settings.minLead")}
                hint={t("admin.settings.minLeadHint")}
                errors={errors}
                defaultValue={values.min_lead_minutes}
                required
              />
              <AdminNumber
                name="max_advance_days"
                label={t("admin.settings.maxAdvance")}
                hint={t("admin.settings.maxAdvanceHint")}
                errors={errors}
                defaultValue={values.max_advance_days}
                required
              />
              <AdminNumber
                name="long_rental_days"
                label={t("admin.settings.longRental")}
                hint={t("admin.settings.longRentalHint")}
                errors={errors}
                defaultValue={values.long_rental_days}
                required
              />
            </div>
          </AdminSection>

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

type SectionProps = { errors: AdminErrors; values: Record<string, string> };

/** The vacancy marks (○ △ ×) and what the results show, with an example that follows the fields. */
function VacancySection({
  errors,
  values,
  marks,
}: SectionProps & { marks: { triangle: string; cross: string; showCount: boolean } }) {
  const { t } = useAdminI18n();
  return (
    <AdminSection title={t("admin.settings.sectionVacancy")}>
      <AdminCheckbox
        name="is_disp_image"
        label={t("admin.settings.showImages")}
        hint={t("admin.settings.showImagesHint")}
        defaultChecked={values.is_disp_image === "1"}
        errors={errors}
      />
      <AdminCheckbox
        name="is_disp_empty_car_calendar"
        label={t("admin.settings.showCalendar")}
        hint={t("admin.settings.showCalendarHint")}
        defaultChecked={values.is_disp_empty_car_calendar === "1"}
        errors={errors}
      />
      <AdminCheckbox
        name="remaining_car_number"
        label={t("admin.settings.showCount")}
        hint={t("admin.settings.showCountHint")}
        defaultChecked={values.remaining_car_number === "1"}
        errors={errors}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminNumber
          name="triangle_car_number"
          label={t("admin.settings.triangle")}
          hint={t("admin.settings.triangleHint")}
          errors={errors}
          defaultValue={values.triangle_car_number}
          required
        />
        <AdminInput
          name="no_reserve_car_calendar_mark"
          label={t("admin.settings.crossMark")}
          hint={t("admin.settings.crossMarkHint")}
          errors={errors}
          defaultValue={values.no_reserve_car_calendar_mark}
          maxLength={2}
          autoComplete="off"
          required
        />
      </div>
      <VacancyMarkExample triangle={marks.triangle} crossMark={marks.cross} showCount={marks.showCount} />
    </AdminSection>
  );
}

/** Where the booking pages may be framed, and the analytics tags. */
function EmbedSection({ errors, values }: SectionProps) {
  const { t } = useAdminI18n();
  return (
    <AdminSection title={t("admin.settings.sectionEmbed")}>
      <AdminTextarea
        name="embed_origins"
        label={t("admin.settings.embedOrigins")}
        hint={t("admin.settings.embedOriginsHint", { max: MAX_EMBED_ORIGINS })}
        errors={errors}
        defaultValue={values.embed_origins}
        rows={4}
        spellCheck={false}
        autoCapitalize="off"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminInput
          name="ga_tracking_code"
          label={t("admin.settings.gaTrackingCode")}
          hint={t("admin.settings.gaTrackingCodeHint")}
          errors={errors}
          defaultValue={values.ga_tracking_code}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
        />
        <AdminInput
          name="gtm_container_id"
          label={t("admin.settings.gtmContainerId")}
          hint={t("admin.settings.gtmContainerIdHint")}
          errors={errors}
          defaultValue={values.gtm_container_id}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
        />
      </div>
    </AdminSection>
  );
}
