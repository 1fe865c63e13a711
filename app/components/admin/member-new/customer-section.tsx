import { AdminRadioGroup } from "#app/components/admin/fields";
import { BirthdateSelects } from "#app/components/admin/members";
import { AdminSection } from "#app/components/admin/page";
import { useI18n } from "#app/lib/i18n";
import { type MemberForm, MemberInput } from "./member-input";

/** Who the customer is: an individual or a company, the names, gender and birthdate. */
export function CustomerSection({ form }: { form: MemberForm }) {
  const { t: siteT } = useI18n();
  const { errors, value, labels } = form;
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
        <MemberInput form={form} name="company" hint={siteT("member.corporateOnly")} maxLength={100} />
        <MemberInput form={form} name="company_kana" hint={siteT("member.corporateOnly")} maxLength={100} />
        <MemberInput form={form} name="name" hint={siteT("member.nameHint")} required maxLength={50} />
        <MemberInput form={form} name="kana" hint={siteT("member.kanaHint")} required maxLength={50} />
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
