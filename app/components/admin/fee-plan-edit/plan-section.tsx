import { AdminCheckbox, type AdminErrors, AdminInput, AdminSelect } from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import { useStaffChoices } from "#app/components/admin/staff-text";
import { useAdminI18n } from "#app/lib/admin";

type Choice = { id: number; name: string; nameEn?: string | null };

/** Which store and class the plan prices, and from when. */
export function PlanSection({
  stores,
  classes,
  errors: shown,
  values,
}: {
  stores: readonly Choice[];
  classes: readonly Choice[];
  errors: AdminErrors;
  values: Record<string, string>;
}) {
  const { t } = useAdminI18n();
  const staffChoices = useStaffChoices();
  return (
    <AdminSection title={t("admin.feePlans.sectionPlan")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminSelect
          name="store_id"
          label={t("admin.feePlans.store")}
          errors={shown}
          defaultValue={values.store_id}
          required
          options={[{ value: "", label: t("admin.feePlans.choose") }, ...staffChoices(stores)]}
        />
        <AdminSelect
          name="class_id"
          label={t("admin.feePlans.class")}
          errors={shown}
          defaultValue={values.class_id}
          required
          options={[{ value: "", label: t("admin.feePlans.choose") }, ...staffChoices(classes)]}
        />
        <AdminInput
          name="effective_from"
          type="date"
          label={t("admin.feePlans.effectiveFrom")}
          hint={t("admin.feePlans.effectiveFromHint")}
          errors={shown}
          defaultValue={values.effective_from}
          required
        />
      </div>
      <AdminCheckbox
        name="is_high_season"
        label={t("admin.feePlans.highSeason")}
        hint={t("admin.feePlans.highSeasonHint")}
        defaultChecked={values.is_high_season === "1"}
        errors={shown}
      />
    </AdminSection>
  );
}
