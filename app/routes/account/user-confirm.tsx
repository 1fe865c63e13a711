import { Form, Link, redirect, useNavigation } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import { RegistrationSteps } from "#app/components/form/member-fields";
import type { MessageKey } from "#app/i18n/messages";
import { requireGuest } from "#app/lib/guards.server";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { getSession } from "#app/lib/session.server";
import { sitePath, useSite } from "#app/lib/site";
import { getSite } from "#app/lib/site.server";
import { countryName } from "#common/address";
import { formatIsoDate } from "#common/format";
import { localizePath } from "#common/locales";
import { formatPhone } from "#common/phone";
import { REGISTRATION_DRAFT_KEY, readDraft } from "#server/members/registration";
import type { Route } from "./+types/user-confirm";

/** The confirmation step: the draft as entered (password masked); without a draft, back to the input. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireGuest(context);
  const { siteId, locale } = getSite(context);
  const draft = readDraft((await getSession(context).data())[REGISTRATION_DRAFT_KEY]);
  if (!draft || draft.error) throw redirect(localizePath(locale, `/${siteId}/user/regist`));
  // Formatted here: the phone rules stay off this page's scripts.
  return { profile: draft.profile, tel: formatPhone(draft.profile.tel) };
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "member.confirm.title");

export default function UserConfirm({ loaderData }: Route.ComponentProps) {
  const shell = useSite();
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const p = loaderData.profile;
  const rows: { key: string; label: MessageKey; value: string }[] = [
    { key: "user_type", label: "member.userType", value: t(`member.userType.${p.userType}`) },
    ...(p.userType === 2
      ? [
          { key: "company", label: "member.company" as const, value: p.company },
          { key: "company_kana", label: "member.companyKana" as const, value: p.companyKana },
        ]
      : []),
    { key: "name", label: "member.name", value: p.name },
    { key: "kana", label: "member.kana", value: p.kana },
    { key: "gender", label: "member.gender", value: t(p.gender ? `member.gender.${p.gender}` : "member.gender.none") },
    { key: "birthdate", label: "member.birthdate", value: formatIsoDate(p.birthdate) },
    { key: "tel", label: "member.tel", value: loaderData.tel },
    { key: "email", label: "member.email", value: p.email },
    { key: "password", label: "member.password", value: `•••••••• ${t("member.confirm.passwordHidden")}` },
    // The country first, as the form asks; a prefecture only for an address in Japan.
    { key: "country", label: "address.country", value: countryName(p.country, locale) },
    {
      key: "zip",
      label: "address.zip",
      value: p.country === "JP" ? p.zip.replace(/^(\d{3})(\d{4})$/, "$1-$2") : p.zip,
    },
    ...(p.country === "JP"
      ? [{ key: "pref_code", label: "address.pref" as const, value: t(`pref.${p.prefCode}` as MessageKey) }]
      : []),
    { key: "address_a", label: "address.addressA", value: p.addressA },
    { key: "address_b", label: "address.addressB", value: p.addressB },
    { key: "newsletter", label: "member.newsletter", value: t(`member.newsletter.${p.newsletter}`) },
  ];
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-4 py-8 outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("member.confirm.title")}
      </h1>
      <RegistrationSteps current={1} />
      <p className="mt-4 text-gray-700">{t("member.confirm.lead")}</p>
      <dl className="card mt-6 divide-y divide-gray-200 px-5" data-testid="confirm-list">
        {rows.map((row) => (
          <div key={row.key} className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr]" data-testid={`confirm-${row.key}`}>
            <dt className="text-sm font-semibold text-gray-700">{t(row.label)}</dt>
            <dd className="break-words text-gray-900">{row.value || "—"}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-col gap-3">
        <Form method="post" action={sitePath(shell, "/user/register")}>
          <CsrfField />
          <button type="submit" className="btn-primary w-full" disabled={busy} data-testid="register-submit">
            {busy ? t("form.submitting") : t("member.confirm.submit")}
          </button>
        </Form>
        <Link to={sitePath(shell, "/user/regist")} className="btn-secondary w-full" data-testid="confirm-back">
          {t("member.confirm.back")}
        </Link>
      </div>
    </main>
  );
}
