import type { Locale } from "./locales";
import { en } from "./messages/en";
import { ja, type MessageKey, type Messages } from "./messages/ja";
import { ko } from "./messages/ko";
import { zhTW } from "./messages/zh-TW";

export type { MessageKey, Messages };

export const CATALOGUES: Record<Locale, Messages> = { ja, en, ko, "zh-TW": zhTW };

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: TranslateParams) => string;

export function translate(messages: Messages, key: MessageKey, params?: TranslateParams): string {
  const template = messages[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** Names of the languages in themselves, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { ja: "日本語", en: "English", ko: "한국어", "zh-TW": "繁體中文" };
