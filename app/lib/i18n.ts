import { useRouteLoaderData } from "react-router";
import { catalogueOf } from "#app/i18n/catalogue";
import {
  type MessageKey,
  type PluralKey,
  type Translate,
  type TranslateParams,
  translate,
  translatePlural,
} from "#app/i18n/translate";
import type { loader as rootLoader } from "#app/root";
import { DEFAULT_LOCALE, type Locale } from "#common/locales";

export type TranslatePlural = (key: PluralKey, count: number, params?: TranslateParams) => string;

/**
 * The page's locale (from the root loader) and translate functions over its catalogue (decision 027);
 * in the back office, the staff member's language (decision 029).
 */
export function useI18n(): { locale: Locale; t: Translate; tp: TranslatePlural } {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const locale = data?.locale ?? DEFAULT_LOCALE;
  // Held before the page hydrates or renders (entry.client.tsx, the root's clientLoader); keys show if it were not.
  const messages = catalogueOf(data?.catalogue ?? locale);
  return {
    locale,
    t: (key: MessageKey, params?: TranslateParams) => translate(messages, key, params),
    tp: (key, count, params) => translatePlural(messages, locale, key, count, params),
  };
}

/** The page's language, from its path prefix. */
export function useLocale(): Locale {
  return useI18n().locale;
}
