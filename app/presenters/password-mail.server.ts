import type { RouterContextProvider } from "react-router";
import { CATALOGUES, translate } from "#app/i18n/messages";
import { type Locale, localizePath } from "#common/locales";
import type { ResetMail } from "#server/auth/password-reset";
import { type MailSite, mailSite } from "./member-mail.server";

/**
 * The password-reset mail (kind "password_reset") in the page's language, and its absolute link
 * `{origin}/{lang}/{siteId}/password_reset?token=…`. A store-registered member without a password
 * is asked to set a first one.
 */
export function passwordResetMail(context: Readonly<RouterContextProvider>, request: Request, locale: Locale) {
  return passwordResetMailIn(mailSite(context, request), locale);
}

/** The same mail and link for a site named outside its pages (the back office registering a member). */
export function passwordResetMailIn(site: MailSite, locale: Locale) {
  const messages = CATALOGUES[locale];
  const linkFor = (token: string) =>
    `${site.origin}${localizePath(locale, `/${site.siteId}/password_reset`)}?token=${encodeURIComponent(token)}`;
  const mail: ResetMail = ({ link, firstPassword }) => {
    const params = { site: site.title, link };
    const subject = translate(messages, firstPassword ? "pwreset.mail.firstSubject" : "pwreset.mail.subject", params);
    return {
      subject: subject.replace(/[\r\n]+/g, " "),
      text: translate(messages, firstPassword ? "pwreset.mail.firstBody" : "pwreset.mail.body", params),
    };
  };
  return { linkFor, mail };
}
