import { AdminInput, AdminSelect, fieldBinder, MlTextFields, type SectionState } from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import { useAdminI18n } from "#app/lib/admin";
import { useI18n } from "#app/lib/i18n";

/** Where the store is and how to reach it: address, telephone, mail, access and remarks. */
export function AddressSection({ errors, values }: SectionState) {
  const { t } = useAdminI18n();
  const { field } = fieldBinder({ errors, values });
  const { t: pageT } = useI18n();
  return (
    <AdminSection title={t("admin.stores.sectionAddress")}>
      <div className="grid gap-4 sm:grid-cols-3">
        <AdminInput
          {...field("zip")}
          label={t("admin.stores.zip")}
          autoComplete="off"
          inputMode="numeric"
          maxLength={8}
        />
        <AdminSelect
          {...field("pref_code")}
          label={t("admin.stores.pref")}
          options={[
            { value: "0", label: t("admin.stores.prefNone") },
            ...Array.from({ length: 47 }, (_, i) => ({
              value: String(i + 1),
              label: pageT(`pref.${i + 1}` as never),
            })),
          ]}
        />
        <AdminInput {...field("tel")} type="tel" label={t("admin.stores.tel")} autoComplete="off" />
      </div>
      <MlTextFields
        name="address_a"
        label={t("admin.stores.addressA")}
        values={values}
        errors={errors}
        maxLength={200}
      />
      <MlTextFields
        name="address_b"
        label={t("admin.stores.addressB")}
        values={values}
        errors={errors}
        maxLength={200}
      />
      <AdminInput
        {...field("email")}
        type="email"
        label={t("admin.stores.email")}
        hint={t("admin.stores.emailHint")}
        autoComplete="off"
      />
      <MlTextFields
        name="access"
        label={t("admin.stores.access")}
        values={values}
        errors={errors}
        multiline
        rows={3}
        maxLength={1000}
      />
      <MlTextFields
        name="remarks"
        label={t("admin.stores.remarks")}
        values={values}
        errors={errors}
        multiline
        rows={3}
        maxLength={1000}
      />
    </AdminSection>
  );
}
