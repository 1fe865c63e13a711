import { AdminCheckbox, AdminInput, AdminNumber, fieldBinder } from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import { VacancyMarkExample } from "#app/components/admin/vacancy-mark-example";
import { useAdminI18n } from "#app/lib/admin";
import type { SectionProps } from "./types";

/** The vacancy marks (○ △ ×) and what the results show, with an example that follows the fields. */
export function VacancySection({
  errors,
  values,
  marks,
}: SectionProps & { marks: { triangle: string; cross: string; showCount: boolean } }) {
  const { t } = useAdminI18n();
  const { field, checkbox } = fieldBinder({ errors, values });
  return (
    <AdminSection title={t("admin.settings.sectionVacancy")}>
      <AdminCheckbox
        {...checkbox("is_disp_image")}
        label={t("admin.settings.showImages")}
        hint={t("admin.settings.showImagesHint")}
      />
      <AdminCheckbox
        {...checkbox("is_disp_empty_car_calendar")}
        label={t("admin.settings.showCalendar")}
        hint={t("admin.settings.showCalendarHint")}
      />
      <AdminCheckbox
        {...checkbox("remaining_car_number")}
        label={t("admin.settings.showCount")}
        hint={t("admin.settings.showCountHint")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminNumber
          {...field("triangle_car_number")}
          label={t("admin.settings.triangle")}
          hint={t("admin.settings.triangleHint")}
          required
        />
        <AdminInput
          {...field("no_reserve_car_calendar_mark")}
          label={t("admin.settings.crossMark")}
          hint={t("admin.settings.crossMarkHint")}
          maxLength={2}
          autoComplete="off"
          required
        />
      </div>
      <VacancyMarkExample triangle={marks.triangle} crossMark={marks.cross} showCount={marks.showCount} />
    </AdminSection>
  );
}
