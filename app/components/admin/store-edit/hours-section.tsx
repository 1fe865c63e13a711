import {
  AdminCheckbox,
  AdminHalfHour,
  AdminSelect,
  fieldBinder,
  type SectionState,
} from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import { useAdminI18n } from "#app/lib/admin";

/** Opening hours: the times bookings may start and end at this store. */
export function HoursSection({ errors, values }: SectionState) {
  const { t } = useAdminI18n();
  const { field, checkbox } = fieldBinder({ errors, values });
  return (
    <AdminSection title={t("admin.stores.sectionHours")}>
      <div className="grid gap-4 sm:grid-cols-3">
        <AdminHalfHour {...field("business_start_time")} label={t("admin.stores.start")} required />
        <AdminHalfHour {...field("business_end_time")} label={t("admin.stores.end")} required />
        <AdminSelect
          {...field("business_hours_type")}
          label={t("admin.stores.hoursType")}
          hint={t("admin.stores.hoursTypeHint")}
          options={[
            { value: "1", label: t("admin.stores.hoursType1") },
            { value: "2", label: t("admin.stores.hoursType2") },
          ]}
        />
      </div>
      <AdminCheckbox
        {...checkbox("is_open_24h")}
        label={t("admin.stores.open24h")}
        hint={t("admin.stores.open24hHint")}
      />
    </AdminSection>
  );
}
