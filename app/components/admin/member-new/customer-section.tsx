import { type AdminErrors, AdminInput, AdminRadioGroup } from "#app/components/admin/fields";
import { BirthdateSelects } from "#app/components/admin/members";
import { AdminSection } from "#app/components/admin/page";
import { useI18n } from "#app/lib/i18n";

/** Who the customer is: an individual or a company, the names, gender and birthdate. */
export function CustomerSection({
  errors,
  value,
  labels,
}: {
  errors: AdminErrors;
  value: (name: string) => string;
  labels: Record<string, string>;
}) {
  const { t: siteT } = useI18n();
  return (
    <AdminSection title={siteT("member.section.customer")}>
      <AdminRadioGroup
        name="user_type"
        label={labels.user_type as string}
        required
        value={value("user_type")}
        errors={errors}
        options={[
          { value: "1", label: siteT("member.userType.1") },
          { value: "2", label: siteT("member.userType.2") },
        ]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminInput
          name="company"
          label={labels.company as string}
          hint={siteT("member.corporateOnly")}
          errors={errors}
          maxLength={100}
          autoComplete="off"
          defaultValue={value("company")}
        />
        <AdminInput
          name="company_kana"
          label={labels.company_kana as string}
          hint={siteT("member.corporateOnly")}
          errors={errors}
          maxLength={100}
          autoComplete="off"
          defaultValue={value("company_kana")}
        />
        <AdminInput
          name="name"
          label={labels.name as string}
          hint={siteT("member.nameHint")}
          required
          errors={errors}
          maxLength={50}
          autoComplete="off"
          defaultValue={value("name")}
        />
        <AdminInput
          name="kana"
          label={labels.kana as string}
          hint={siteT("member.kanaHint")}
          required
          errors={errors}
          maxLength={50}
          autoComplete="off"
          defaultValue={value("kana")}
        />
      </div>
      <AdminRadioGroup
        name="gender"
        label={siteT("member.gender")}
        value={value("gender")}
        errors={errors}
        options={[
          { value: "", label: siteT("member.gender.none") },
          { value: "1", label: siteT("member.gender.1") },
          { value: "2", label: siteT("member.gender.2") },
        ]}
      />
      <BirthdateSelects
        values={{
          birth_year: value("birth_year"),
          birth_month: value("birth_month"),
          birth_day: value("birth_day"),
        }}
        errors={errors}
      />
    </AdminSection>
  );
}
