import { AdminSelect } from "#app/components/admin/fields";
import { AdminSection } from "#app/components/admin/page";
import type { MessageKey } from "#app/i18n/messages";
import { useAdminI18n } from "#app/lib/admin";
import { useI18n } from "#app/lib/i18n";
import { PREF_CODES } from "#server/members/address.schema";
import { type MemberForm, MemberInput } from "./member-input";

/** Where the customer lives: the country first, then the postcode, prefecture and address. */
export function AddressSection({
  form,
  countries,
}: {
  form: MemberForm;
  countries: { value: string; label: string }[];
}) {
  const { t } = useAdminI18n();
  const { errors, value, labels } = form;
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
        <MemberInput form={form} name="zip" hint={siteT("address.zipHintAny")} required maxLength={12} />
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
        <MemberInput form={form} name="address_a" required maxLength={200} />
        <MemberInput form={form} name="address_b" maxLength={200} className="sm:col-span-2" />
      </div>
    </AdminSection>
  );
}
