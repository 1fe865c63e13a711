import { ADMIN_CATALOGUES } from "#app/i18n/admin";
import { translateKey } from "#app/i18n/translate";
import { type AdminLocale, adminPath } from "#common/admin";
import { pickLang } from "#common/locales";
import type { SiteSettingRow } from "#server/sites/site-bundle";
import type { StaffLinkMail } from "#server/staff/accounts";

/** The site's name in a staff member's language, Japanese when it has none. */
export const siteTitleIn =
  (siteId: string, settings: Pick<SiteSettingRow, "siteTitle" | "siteTitleEn">) => (locale: AdminLocale) =>
    pickLang(settings, "siteTitle", locale) || siteId;

/** An invitation or a password link, in the recipient's back-office language, with the site's name. */
export function staffLinkMail(siteTitle: (locale: AdminLocale) => string, kind: "invite" | "reset"): StaffLinkMail {
  return ({ link, locale }) => {
    const messages = ADMIN_CATALOGUES[locale];
    const site = siteTitle(locale);
    return {
      subject: translateKey(messages, `admin.mail.${kind}.subject`, { site }),
      text: translateKey(messages, `admin.mail.${kind}.body`, { site, link }),
    };
  };
}

/** Where a mailed link lands: the invitation or the reset page of the site's back office, on the public origin. */
export const staffLinkFor =
  (origin: string, siteId: string, kind: "invite" | "reset") =>
  (token: string): string =>
    `${origin}${adminPath(siteId, kind === "invite" ? "/invitation" : "/password_reset")}?token=${encodeURIComponent(token)}`;
