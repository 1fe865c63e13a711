import {
  AdminCheckboxGroup,
  type AdminErrors,
  AdminInput,
  AdminTextarea,
  fieldBinder,
} from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import { useAdminI18n } from "#app/lib/admin";

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The days the store is closed, and its high season (by weekday and by date). */
export function ClosedDaysSections({
  errors,
  values,
  listOf,
}: {
  errors: AdminErrors;
  values: Record<string, string>;
  listOf: (name: string) => string[];
}) {
  const { t } = useAdminI18n();
  const { field } = fieldBinder({ errors, values });
  const weekdays = WEEKDAYS.map((d) => ({ value: String(d), label: t(`admin.weekday.${d}`) }));
  return (
    <>
      <AdminSection title={t("admin.stores.sectionHolidays")}>
        <AdminCheckboxGroup
          name="regular_holiday_week"
          label={t("admin.stores.holidayWeek")}
          options={weekdays}
          checked={listOf("regular_holiday_week")}
          errors={errors}
        />
        <AdminInput
          {...field("regular_holiday_dates")}
          label={t("admin.stores.holidayDays")}
          hint={t("admin.stores.holidayDaysHint")}
          autoComplete="off"
        />
        <AdminTextarea
          {...field("holiday_dates")}
          label={t("admin.stores.holidayDates")}
          hint={t("admin.stores.datesHint")}
          rows={4}
        />
        <AdminInput
          {...field("closed_date")}
          type="date"
          label={t("admin.stores.closedDate")}
          hint={t("admin.stores.closedDateHint")}
        />
      </AdminSection>
      <AdminSection title={t("admin.stores.sectionSeason")}>
        <AdminCheckboxGroup
          name="high_season_week"
          label={t("admin.stores.seasonWeek")}
          options={weekdays}
          checked={listOf("high_season_week")}
          errors={errors}
        />
        <AdminTextarea
          {...field("high_season_dates")}
          label={t("admin.stores.seasonDates")}
          hint={t("admin.stores.datesHint")}
          rows={4}
        />
      </AdminSection>
    </>
  );
}
