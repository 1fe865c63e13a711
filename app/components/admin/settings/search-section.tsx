import { AdminHalfHour, AdminNumber, AdminSelect, fieldBinder } from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import { useAdminI18n } from "#app/lib/admin";
import { useI18n } from "#app/lib/i18n";
import { RENTAL_PERIOD_SLUGS } from "#common/codes";
import type { SectionProps } from "./types";

/** The search form's defaults, and how far ahead and how long a booking may be. */
export function SearchSection({ errors, values }: SectionProps) {
  const { t } = useAdminI18n();
  const { field } = fieldBinder({ errors, values });
  const { t: siteT } = useI18n();
  const days = (name: string, label: string) => (
    <AdminNumber {...field(name)} label={label} hint={t("admin.settings.dayHint")} required />
  );
  const time = (name: string, label: string) => <AdminHalfHour {...field(name)} label={label} required />;
  return (
    <>
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
            {...field("default_rental_period_slug")}
            label={t("admin.settings.rentalPeriod")}
            hint={t("admin.settings.rentalPeriodHint")}
            options={RENTAL_PERIOD_SLUGS.map((slug) => ({ value: slug, label: siteT(`period.${slug}`) }))}
          />
          <AdminSelect
            {...field("default_disp_empty_car_type")}
            label={t("admin.settings.emptyCars")}
            hint={t("admin.settings.emptyCarsHint")}
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
            {...field("min_lead_minutes")}
            label={t("admin.settings.minLead")}
            hint={t("admin.settings.minLeadHint")}
            required
          />
          <AdminNumber
            {...field("max_advance_days")}
            label={t("admin.settings.maxAdvance")}
            hint={t("admin.settings.maxAdvanceHint")}
            required
          />
          <AdminNumber
            {...field("long_rental_days")}
            label={t("admin.settings.longRental")}
            hint={t("admin.settings.longRentalHint")}
            required
          />
        </div>
      </AdminSection>
    </>
  );
}
