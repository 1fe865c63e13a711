import { type Locale, pickLang, siteLocales } from "#common/locales";
import { priceListPath, type ShellFeatures, shellFeatures } from "#server/sites/plan";
import { isMultiStore, type SiteBundle } from "#server/sites/site-bundle";
import { logoNeedsResize, siteTheme, type Theme } from "#server/sites/theme";

export interface SeoText {
  title: string;
  description: string;
}

/** The localized, serialisable data the site layouts render. */
export interface SiteShell {
  siteId: string;
  clientId: number;
  locale: Locale;
  title: string;
  headerMessage: string;
  logo: { src: string; width: number; height: number; resize: boolean } | null;
  faviconPath: string;
  theme: Theme;
  features: ShellFeatures;
  locales: Locale[];
  priceListPath: string;
  allowsGuestBooking: boolean;
  footer: {
    pages: { url: string; title: string }[];
    companyName: string;
    text: string;
    since: number;
  };
  seo: Record<string, SeoText>;
  tracking: { gaTrackingCode: string | null; gtmContainerId: string | null };
  multiStore: boolean;
  /** The page is part of the embedded flow in a client's frame (decision 025): links keep `/custom_page`. */
  embedded: boolean;
  /** Origins that may frame the embedded flow; the height messages go only to one of them. */
  embedOrigins: string[];
}

// A shell depends on its bundle alone, and a site's change loads a new bundle: made once per
// bundle, language and embedding rather than on every page. Loaders never change it.
const shells = new WeakMap<SiteBundle, Map<string, SiteShell>>();

export function buildShell(bundle: SiteBundle, locale: Locale, embedded = false): SiteShell {
  let made = shells.get(bundle);
  if (!made) {
    made = new Map();
    shells.set(bundle, made);
  }
  const key = `${locale}|${embedded}`;
  let shell = made.get(key);
  if (!shell) {
    shell = makeShell(bundle, locale, embedded);
    made.set(key, shell);
  }
  return shell;
}

function makeShell(bundle: SiteBundle, locale: Locale, embedded: boolean): SiteShell {
  const { client, settings, logo, footer, tracking } = bundle;
  const locales = siteLocales(settings.supportedLanguages);
  const title = pickLang(settings, "siteTitle", locale);
  return {
    siteId: client.siteId,
    clientId: client.clientId,
    locale,
    title,
    headerMessage: pickLang(settings, "headerMessage", locale),
    logo: logo
      ? { src: logo.imgPath, width: logo.width, height: logo.height, resize: logoNeedsResize(logo.width, logo.height) }
      : null,
    faviconPath: settings.faviconPath ?? "/favicon.svg",
    theme: siteTheme(settings.siteColor, settings.fontColor),
    features: shellFeatures(client.usagePlanType, locales.length >= 2),
    locales,
    priceListPath: priceListPath(settings.priceListPageUrl),
    allowsGuestBooking: settings.isDispNonMember,
    footer: {
      pages: bundle.customPages.map((p) => ({ url: p.pageUrl, title: pickLang(p, "pageTitle", locale) })),
      companyName: footer ? pickLang(footer, "companyName", locale) : title,
      text: footer ? pickLang(footer, "footerText", locale) : "",
      since: client.createdAt.getFullYear(),
    },
    seo: Object.fromEntries(
      bundle.seo.map((s) => [
        s.pageKind,
        { title: pickLang(s, "pageTitle", locale), description: pickLang(s, "description", locale) },
      ]),
    ),
    tracking: { gaTrackingCode: tracking?.gaTrackingCode ?? null, gtmContainerId: tracking?.gtmContainerId ?? null },
    multiStore: isMultiStore(bundle),
    embedded,
    embedOrigins: embedded ? settings.embedOrigins : [],
  };
}
