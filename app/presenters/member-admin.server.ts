import { CATALOGUES, type MessageKey, translate } from "#app/i18n/messages";
import { formatPersonAddress } from "#common/address";
import type { AdminLocale } from "#common/admin";
import { type Locale, pickLang, siteLocales } from "#common/locales";
import { formatPhone } from "#common/phone";
import type { FirstPasswordDeps, MemberDetail, MemberListRow } from "#server/members/member-admin";
import type { SiteBundle } from "#server/sites/site-bundle";
import { customerLanguage } from "./counter.server";
import { passwordResetMailIn } from "./password-mail.server";

/**
 * The back office's members (issue 24), worded on the server: phones as dialled from Japan,
 * addresses (Japanese or abroad) in the staff member's language, the member's mail language named.
 */

/** The first-password mail of a site in each language it serves, with links on the public origin. */
export function firstPasswordMails(bundle: SiteBundle, origin: string): Omit<FirstPasswordDeps, "mailer"> {
  const siteId = bundle.client.siteId;
  return {
    locales: siteLocales(bundle.settings.supportedLanguages),
    mailIn: (locale: Locale) =>
      passwordResetMailIn({ siteId, origin, title: pickLang(bundle.settings, "siteTitle", locale) || siteId }, locale),
  };
}

export const memberRowView = (row: MemberListRow) => ({ ...row, tel: formatPhone(row.tel) });

export function memberDetailView(detail: MemberDetail, locale: AdminLocale) {
  const m = detail.member;
  const messages = CATALOGUES[locale];
  return {
    ...detail,
    member: {
      ...m,
      tel: formatPhone(m.tel),
      address: formatPersonAddress(locale, m, (code) => translate(messages, `pref.${code}` as MessageKey)),
      language: customerLanguage(m.locale, locale),
    },
  };
}
