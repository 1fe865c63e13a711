import { createHash } from "node:crypto";
import { LOCALE_CODE, LOCALES, type Locale } from "../../common/locales";
import { CATALOGUES } from "./messages";

/** Keys only mails use: they never reach a browser. */
export const isMailKey = (key: string) => key.startsWith("bookingMail.") || key.includes(".mail.");

interface CatalogueAsset {
  json: string;
  /** `/_catalogue/ja.3f9a0c1d2e4b.json`: a new hash whenever a text changes, so it may be cached for a year. */
  url: string;
}

function build(locale: Locale): CatalogueAsset {
  const browserOnly = Object.fromEntries(Object.entries(CATALOGUES[locale]).filter(([key]) => !isMailKey(key)));
  const json = JSON.stringify(browserOnly);
  const hash = createHash("sha256").update(json).digest("hex").slice(0, 12);
  return { json, url: `/_catalogue/${LOCALE_CODE[locale]}.${hash}.json` };
}

/** Each language's browser catalogue, built once per process. */
const ASSETS = Object.fromEntries(LOCALES.map((l) => [l, build(l)])) as Record<Locale, CatalogueAsset>;

export const catalogueAsset = (locale: Locale): CatalogueAsset => ASSETS[locale];
