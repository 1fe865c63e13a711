import { type AdminErrors, AdminNumber, AdminSelect, MlTextFields } from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import { useStaffChoices } from "#app/components/admin/staff-text";
import { useAdminI18n } from "#app/lib/admin";

/** The class, the place in the lists and the names: what a car type is called. */
export function BasicsSection({
  classes,
  errors,
  values,
}: {
  classes: readonly { id: number; name: string; nameEn?: string | null }[];
  errors: AdminErrors;
  values: Record<string, string>;
}) {
  const { t } = useAdminI18n();
  const staffChoices = useStaffChoices();
  return (
    <AdminSection title={t("admin.carTypes.sectionBasics")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminSelect
          name="class_id"
          label={t("admin.carTypes.class")}
          errors={errors}
          defaultValue={values.class_id ?? ""}
          required
          options={[{ value: "", label: t("admin.carTypes.classChoose") }, ...staffChoices(classes)]}
        />
        <AdminNumber
          name="display_order"
          label={t("admin.carTypes.order")}
          hint={t("admin.carTypes.orderHint")}
          errors={errors}
          defaultValue={values.display_order}
          required
        />
      </div>
      <MlTextFields
        name="type_name"
        label={t("admin.carTypes.name")}
        values={values}
        errors={errors}
        required
        maxLength={100}
      />
      <MlTextFields
        name="model_names"
        label={t("admin.carTypes.models")}
        values={values}
        errors={errors}
        maxLength={200}
      />
    </AdminSection>
  );
}
