import { AdminInput, AdminNumber, AdminSelect, fieldBinder, type SectionState } from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import { useAdminI18n } from "#app/lib/admin";
import { TURNAROUND_MAX } from "#server/stores/store.schema";

/** Whether the store takes bookings, up to when, and the time a car needs between two rentals. */
export function BookingSection({ errors, values }: SectionState) {
  const { t } = useAdminI18n();
  const { field } = fieldBinder({ errors, values });
  return (
    <AdminSection title={t("admin.stores.sectionBooking")}>
      <AdminSelect
        {...field("management_status")}
        label={t("admin.stores.status")}
        hint={t("admin.stores.statusHint")}
        options={[
          { value: "1", label: t("admin.stores.statusActive") },
          { value: "2", label: t("admin.stores.statusClosed") },
        ]}
      />
      <AdminInput
        {...field("reserve_max_date")}
        type="date"
        label={t("admin.stores.reserveMax")}
        hint={t("admin.stores.reserveMaxHint")}
      />
      <AdminNumber
        {...field("turnaround_minutes")}
        label={t("admin.stores.turnaround")}
        hint={t("admin.stores.turnaroundHint", { max: TURNAROUND_MAX })}
        maxLength={4}
        required
      />
    </AdminSection>
  );
}
