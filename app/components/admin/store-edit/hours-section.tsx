import { AdminCheckbox, type AdminErrors, AdminInput, AdminSelect } from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import { useAdminI18n } from "#app/lib/admin";

/** Opening hours: the times bookings may start and end at this store. */
export function HoursSection({ errors, values }: { errors: AdminErrors; values: Record<string, string> }) {
  const { t } = useAdminI18n();
  return (
    <AdminSection title={t("admin.stores.sectionHours")}>
      <div className="grid gap-4 sm:grid-cols-3">
        <AdminInput
          name="business_start_time"
          type="time"
          step={1800}
          label={t("admin.stores.start")}
          errors={errors}
          defaultValue={values.business_start_time}
          required
        />
        <AdminInput
          name="business_end_time"
          type="time"
          step={1800}
          label={t("admin.stores.end")}
          errors={errors}
          defaultValue={values.business_end_time}
          required
        />
        <AdminSelect
          name="business_hours_type"
          label={t("admin.stores.hoursType")}
          hint={t("admin.stores.hoursTypeHint")}
          errors={errors}
          defaultValue={values.business_hours_type}
          options={[
            { value: "1", label: t("admin.stores.hoursType1") },
            { value: "2", label: t("admin.stores.hoursType2") },
          ]}
        />
      </div>
      <AdminCheckbox
        name="is_open_24h"
        label={t("admin.stores.open24h")}
        hint={t("admin.stores.open24hHint")}
        defaultChecked={values.is_open_24h === "1"}
        errors={errors}
      />
    </AdminSection>
  );
}
