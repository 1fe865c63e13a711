import { type AdminErrors, AdminInput, AdminSelect } from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import type { MessageKey } from "#app/i18n/messages";
import { useAdminI18n } from "#app/lib/admin";
import { useI18n } from "#app/lib/i18n";
import { PREF_CODES } from "#server/members/address.schema";

/** Where the customer lives: the country first, then the postcode, prefecture and address. */
export function AddressSection({
  errors,
  value,
  labels,
  countries,
}: {
  errors: AdminErrors;
  value: (name: string) => string;
  labels: Record<string, string>;
  countries: { value: string; label: string }[];
}) {
  const { t } = useAdminI18n();
  const { t: siteT } = useI18n();
  return (
    <AdminSection title={siteT("member.section.address")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminSelect
          name="country"
          label={labels.country as string}
          hint={t("admin.member.countryHint")}
          errors={errors}
          className="sm:col-span-2"
          defaultValue={value("country") || "JP"}
          options={[{ value: "", label: siteT("address.countryPlaceholder") }, ...countries]}
        />
        <AdminInput
          name="zip"
          label={labels.zip as string}
          hint={siteT("address.zipHintAny")}
          required
          errors={errors}
          maxLength={12}
          autoComplete="off"
          defaultValue={value("zip")}
        />
        <AdminSelect
          name="pref_code"
          label={labels.pref_code as string}
          hint={t("admin.member.prefHint")}
          errors={errors}
          defaultValue={value("pref_code")}
          options={[
            { value: "", label: siteT("address.prefPlaceholder") },
            ...PREF_CODES.map((code) => ({ value: String(code), label: siteT(`pref.${code}` as MessageKey) })),
          ]}
        />
        <AdminInput
          name="address_a"
          label={labels.address_a as string}
          required
          errors={errors}
          maxLength={200}
          autoComplete="off"
          defaultValue={value("address_a")}
        />
        <AdminInput
          name="address_b"
          label={labels.address_b as string}
          errors={errors}
          maxLength={200}
          autoComplete="off"
          defaultValue={value("address_b")}
          className="sm:col-span-2"
        />
      </div>
    </AdminSection>
  );
}
