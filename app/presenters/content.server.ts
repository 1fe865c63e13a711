import { ruleLines, ruleLineText } from "#app/components/reservation/cancel-rule";
import { CATALOGUES, type MessageKey, translate } from "#app/i18n/messages";
import { formatIsoDate } from "#common/format";
import { type Locale, pickLang } from "#common/locales";
import { parseId } from "#common/params";
import type { SiteBundle } from "#server/sites/site-bundle";

/** The top page's own content (spec §3 Top info) in one language: the page and the JSON API's `top` read it. */
export function topContent(bundle: SiteBundle, locale: Locale) {
  const top = bundle.topInfo;
  return {
    siteImage: bundle.settings.isDispImage ? (top?.siteImagePath ?? null) : null,
    intro: top ? pickLang(top, "pageEditTop", locale) : "",
    news: bundle.news.map((n) => ({
      id: n.id,
      publishedOn: n.publishedOn,
      date: formatIsoDate(n.publishedOn),
      title: pickLang(n, "title", locale),
      body: pickLang(n, "body", locale),
    })),
  };
}

/**
 * A custom page (spec §3) in one language, by its address (`/c/{url}`), or, for the JSON API, by
 * its id when no page has that address; null when the site has no such page.
 */
export function customPageContent(bundle: SiteBundle, locale: Locale, key: string, byId = false) {
  const id = byId ? parseId(key) : null;
  const page = bundle.customPages.find((p) => p.pageUrl === key) ?? bundle.customPages.find((p) => p.id === id);
  if (!page) return null;
  return {
    id: page.id,
    title: pickLang(page, "pageTitle", locale),
    contents: withSiteRules(pickLang(page, "pageContents", locale), bundle, locale),
    url: page.pageUrl,
    displayOrder: page.displayOrder,
  };
}

/**
 * The line a client writes in a page where the site's cancellation schedule belongs (issue 40):
 * the page shows the rule from the one setting the cancel page and the fee computation use, so
 * a FAQ never states another.
 */
export const CANCELLATION_RULE_MARKER = "{{cancellation_fees}}";

/** A page's text with the site's rules written in, in the page's language, as rich text. */
export function withSiteRules(text: string, bundle: Pick<SiteBundle, "settings">, locale: Locale): string {
  if (!text.includes(CANCELLATION_RULE_MARKER)) return text;
  return text.replaceAll(CANCELLATION_RULE_MARKER, cancellationRuleText(bundle, locale));
}

/** The schedule as a table of the page's rich text (decision 005), or a sentence when cancelling is free. */
export function cancellationRuleText(bundle: Pick<SiteBundle, "settings">, locale: Locale): string {
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(CATALOGUES[locale], key, params);
  const lines = ruleLines(bundle.settings.cancellationFees);
  if (!lines.length) return t("cancelConfirm.ruleNone");
  const rows = lines.map((line) => `| ${ruleLineText(t, line).join(" | ")} |`);
  return [`| ${t("facts.faq.when")} | ${t("facts.faq.fee")} |`, "|---|---|", ...rows, "", t("facts.cancelNote")].join(
    "\n",
  );
}
