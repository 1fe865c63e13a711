import { AdminCheckbox, AdminInput, AdminNumber } from "#app/components/admin/fields";
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
