import { Form } from "react-router";
import { AdminCheckbox, AdminErrorSummary, AdminSelect } from "#app/components/admin/fields";
import { AddressSection } from "#app/components/admin/member-new/address-section";
import { CustomerSection } from "#app/components/admin/member-new/customer-section";
import { type MemberForm, MemberInput } from "#app/components/admin/member-new/member-input";
import { AdminPageHeader, AdminSection, SubmitButton } from "#app/components/admin/page";
import { CsrfField } from "#app/components/csrf-field";
import type { MessageKey } from "#app/i18n/messages";
import { adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { adminLocaleOf, redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { type FormFailure, handleForm } from "#app/lib/form-action.server";
import { useForm } from "#app/lib/forms";
import { useI18n } from "#app/lib/i18n";
import { publicOrigin } from "#app/lib/seo.server";
import { firstPasswordMails } from "#app/presenters/member-admin.server";
import { countryOptions } from "#common/address";
import { adminPath } from "#common/admin";
import { LOCALE_NAMES, siteLocales } from "#common/locales";
import { DEFAULT_BIRTH_YEAR, StoreRegistrationSchema } from "#server/members/member.schema";
import { registerAtStore } from "#server/members/member-admin";
import type { Route } from "./+types/member-new";

/**
 * `/members/new`: a customer registered at the store. Staff enter the profile with the public
 * registration's rules but no password; the member is mailed a link to set a first one, in the
 * language chosen here (spec §4). A refused form comes back with everything typed.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { bundle } = requireStaffAccess(context, request, "members.register");
  // Named on the server: the browser's country names may differ from Node's, and a page that
  // hydrates with different text loses its first clicks (an empty form then showed no errors).
  return {
    locales: siteLocales(bundle.settings.supportedLanguages),
    countries: countryOptions(adminLocaleOf(context) ?? "ja"),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const {
    actor,
    siteId,
    bundle,
    db,
    services: { mailer },
  } = requireStaffAccess(context, request, "members.register");
  const form = await request.formData();
  return handleForm(form, StoreRegistrationSchema, async (input) => {
    const { memberId } = await registerAtStore(db, siteId, actor, input, {
      mailer,
      ...firstPasswordMails(bundle, publicOrigin(request, context)),
    });
    return redirectWithAdminFlash(request, adminPath(siteId, `/members/${memberId}`), {
      kind: "success",
      key: "admin.members.created",
      params: { email: input.email },
    });
  });
}

/** A new form: an individual, gender unset, no newsletter, birth year 1990 (spec §3), mails in Japanese. */
const DEFAULTS: Record<string, string> = {
  user_type: "1",
  gender: "",
  birth_year: String(DEFAULT_BIRTH_YEAR),
  locale: "ja",
};

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.members.newTitle"));

export default function AdminMemberNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const { t: siteT } = useI18n();
  const path = useAdminPath();
  const answer = actionData as FormFailure | undefined;
  const { errors, formRef, onSubmit, onChange } = useForm(StoreRegistrationSchema, answer);
  const value = (name: string) => answer?.values?.[name] ?? DEFAULTS[name] ?? "";
  const label = (key: MessageKey) => siteT(key);
  const labels: Record<string, string> = {
    user_type: label("member.userType"),
    company: label("member.company"),
    company_kana: label("member.companyKana"),
    name: label("member.name"),
    kana: label("member.kana"),
    email: label("member.email"),
    tel: label("member.tel"),
    birthdate: label("member.birthdate"),
    zip: label("address.zip"),
    pref_code: label("address.pref"),
    country: label("address.country"),
    address_a: label("address.addressA"),
    address_b: label("address.addressB"),
    locale: t("admin.member.language"),
  };
  const form: MemberForm = { errors, value, labels };
  return (
    <>
      <AdminPageHeader title={t("admin.members.newTitle")} lead={t("admin.members.newLead")} back={path("/members")} />
      <Form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
        className="grid gap-4"
        data-testid="member-form"
      >
        <CsrfField />
        <AdminErrorSummary errors={errors} labels={labels} />
        <CustomerSection form={form} />

        <AdminSection title={t("admin.member.contact")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <MemberInput
              form={form}
              type="email"
              name="email"
              hint={t("admin.members.emailHint")}
              required
              inputMode="email"
              maxLength={254}
            />
            <MemberInput
              form={form}
              type="tel"
              name="tel"
              hint={siteT("member.telHint")}
              required
              inputMode="tel"
              maxLength={30}
            />
          </div>
        </AdminSection>

        <AddressSection form={form} countries={loaderData.countries} />

        <AdminSection title={t("admin.member.mails")}>
          <AdminSelect
            name="locale"
            label={labels.locale as string}
            hint={t("admin.members.localeHint")}
            required
            errors={errors}
            defaultValue={value("locale")}
            options={loaderData.locales.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          />
          <AdminCheckbox
            name="newsletter"
            label={siteT("member.newsletterLabel")}
            defaultChecked={value("newsletter") === "1"}
            errors={errors}
          />
        </AdminSection>
        <div>
          <SubmitButton testId="member-register">{t("admin.members.register")}</SubmitButton>
        </div>
      </Form>
    </>
  );
}
