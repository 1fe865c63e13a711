import { type AdminErrors, AdminInput, AdminSelect, MlTextFields } from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import { useAdminI18n } from "#app/lib/admin";
import { useI18n } from "#app/lib/i18n";

/** Where the store is and how to reach it: address, telephone, mail, access and remarks. */
export function AddressSection({ errors, values }: { errors: AdminErrors; values: Record<string, string> }) {
  const { t } = useAdminI18n();
  const { t: pageT } = useI18n();
  return (
    <AdminSection title={t("admin.stores.sectionAddress")}>
      <div className="grid gap-4 sm:grid-cols-3">
        <AdminInput
          name="zip"
          label={t("admin.stores.zip")}
          errors={errors}
          defaultValue={values.zip}
          autoComplete="off"
          inputMode="numeric"
          maxLength={8}
        />
        <AdminSelect
          name="pref_code"
          label={t("admin.stores.pref")}
          errors={errors}
          defaultValue={values.pref_code}
          options={[
            { value: "0", label: t("admin.stores.prefNone") },
            ...Array.from({ length: 47 }, (_, i) => ({
              value: String(i + 1),
              label: pageT(`pref.${i + 1}` as never),
            })),
          ]}
        />
        <AdminInput
          name="tel"
          type="tel"
          label={t("admin.stores.tel")}
          errors={errors}
          defaultValue={values.tel}
          autoComplete="off"
        />
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
        name="email"
        type="email"
        label={t("admin.stores.email")}
        hint={t("admin.stores.emailHint")}
        errors={errors}
        defaultValue={values.email}
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
