import { useRouteLoaderData } from "react-router";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales";
import { CATALOGUES, type MessageKey, type Translate, type TranslateParams, translate } from "../i18n/messages";
import type { loader as rootLoader } from "../root";

/** The page's locale and translate function, from the root loader (the active catalogue only). */
export function useI18n(): { locale: Locale; t: Translate } {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const locale = data?.locale ?? DEFAULT_LOCALE;
  const messages = data?.messages ?? CATALOGUES[locale];
  return { locale, t: (key: MessageKey, params?: TranslateParams) => translate(messages, key, params) };
}
