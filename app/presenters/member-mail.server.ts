import type { RouterContextProvider } from "react-router";
import { CATALOGUES, translate } from "#app/i18n/messages";
import { getSite, services } from "#app/lib/site.server";
import { type Locale, localizePath, pickLang } from "#common/locales";
import type { WelcomeMail } from "#server/members/registration";
import type { SiteBundle } from "#server/sites/site-bundle";

export interface MailSite {
  siteId: string;
  /** The site title in the member's language. */
  title: string;
  /** The origin absolute links start with (PUBLIC_ORIGIN, else the request's). */
  origin: string;
}

/** The request's site as its mails name it, in the page's language. */
export function mailSite(context: Readonly<RouterContextProvider>, request: Request): MailSite {
  const { siteId, bundle, locale } = getSite(context);
  return mailSiteOf({ siteId, bundle, locale, publicOrigin: services(context).publicOrigin, request });
}

/** The same from the site's parts, for callers without a router context (the JSON API). */
export function mailSiteOf(input: {
  siteId: string;
  bundle: Pick<SiteBundle, "settings">;
  locale: Locale;
  publicOrigin?: string;
  request: Request;
}): MailSite {
  return {
    siteId: input.siteId,
    title: pickLang(input.bundle.settings, "siteTitle", input.locale),
    origin: input.publicOrigin ?? new URL(input.request.url).origin,
  };
}

/** The login page of the site in the member's language, as an absolute URL. */
export const loginUrl = (site: MailSite, locale: Locale) =>
  `${site.origin}${localizePath(locale, `/${site.siteId}/login`)}`;

/**
 * The welcome mail (kind "welcome") in the member's language: the site's title and a link to the
 * login page of that language. A corporation is addressed with its company name.
 */
export function welcomeMail(site: MailSite, locale: Locale): WelcomeMail {
  const messages = CATALOGUES[locale];
  return (member) => {
    const name = member.userType === 2 && member.company ? `${member.company} ${member.name}` : member.name;
    const params = { site: site.title, name, email: member.email, loginUrl: loginUrl(site, locale) };
    return {
      subject: translate(messages, "member.mail.welcome.subject", params).replace(/[\r\n]+/g, " "),
      text: translate(messages, "member.mail.welcome.body", params),
    };
  };
}
