import { type AdminErrors, AdminInput, AdminNumber, AdminSelect } from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import { useAdminI18n } from "#app/lib/admin";
import { TURNAROUND_MAX } from "#server/stores/store.schema";

/** Whether the store takes bookings, up to when, and the time a car needs between two rentals. */
export function BookingSection({ errors, values }: { errors: AdminErrors; values: Record<string, string> }) {
  const { t } = useAdminI18n();
  return (
    <AdminSection title={t("admin.stores.sectionBooking")}>
      <AdminSelect
        name="management_status"
        label={t("admin.stores.status")}
        hint={t("admin.stores.statusHint")}
        errors={errors}
        defaultValue={values.management_status}
        options={[
          { value: "1", label: t("admin.stores.statusActive") },
          { value: "2", label: t("admin.stores.statusClosed") },
        ]}
      />
      <AdminInput
        name="reserve_max_date"
        type="date"
        label={t("admin.stores.reserveMax")}
        hint={t("admin.stores.reserveMaxHint")}
        errors={errors}
        defaultValue={values.reserve_max_date}
      />
      <AdminNumber
        name="turnaround_minutes"
        label={t("admin.stores.turnaround")}
        hint={t("admin.stores.turnaroundHint", { max: TURNAROUND_MAX })}
        errors={errors}
        defaultValue={values.turnaround_minutes}
        maxLength={4}
        required
      />
    </AdminSection>
  );
}
