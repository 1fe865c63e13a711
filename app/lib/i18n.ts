import { useRouteLoaderData } from "react-router";
import { DEFAULT_LOCALE, type Locale } from "../../common/locales";
import {
  type MessageKey,
  type PluralKey,
  type Translate,
  type TranslateParams,
  translate,
  translatePlural,
} from "../i18n/translate";
import type { loader as rootLoader } from "../root";

export type TranslatePlural = (key: PluralKey, count: number, params?: TranslateParams) => string;

/** The page's locale and translate functions, from the root loader (the active catalogue only). */
export function useI18n(): { locale: Locale; t: Translate; tp: TranslatePlural } {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const locale = data?.locale ?? DEFAULT_LOCALE;
  // The root loader never fails, so its catalogue is always there; keys show if it were not.
  const messages = data?.messages ?? {};
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
