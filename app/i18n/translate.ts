import { formatYen } from "#common/format";
import { isKoreanParticle, withParticle } from "#common/korean-particle";
import type { Locale } from "#common/locales";
import type { MessageKey, Messages } from "./messages/ja";

export type { MessageKey, Messages };
export type TranslateParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: TranslateParams) => string;

/** Keys with plural forms are written `base#one`, `base#other`, …; every catalogue has `#other`. */
export type PluralKey = MessageKey extends infer K ? (K extends `${infer B}#other` ? B : never) : never;

/**
 * The message for a key of any catalogue with `{name}` placeholders filled; unknown placeholders stay
 * visible. `{name:yen}` writes a number as yen in the catalogue's locale, for amounts a refusal carries;
 * `{name:을}` (also 이, 은, 과, 으로) adds the Korean particle the value's last sound takes.
 */
export function translateKey<K extends string>(
  messages: Partial<Record<K, string>>,
  key: K,
  params?: TranslateParams,
  locale: Locale = "ja",
): string {
  const template = messages[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)(?::(yen|을|이|은|과|으로))?\}/g, (m, name: string, format?: string) => {
    if (!(name in params)) return m;
    const value = params[name];
    if (format === "yen") return typeof value === "number" ? formatYen(value, locale) : String(value);
    if (format && isKoreanParticle(format)) return withParticle(String(value), format);
    return String(value);
  });
}

/** The message for a key with `{name}` placeholders filled; unknown placeholders stay visible. */
export function translate(messages: Partial<Messages>, key: MessageKey, params?: TranslateParams): string {
  return translateKey(messages, key, params);
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The form of a plural message for `count` in the locale (Intl.PluralRules), with `{count}` filled. */
export function translatePlural(
  messages: Partial<Messages>,
  locale: string,
  key: PluralKey,
  count: number,
  params?: TranslateParams,
): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  const form = `${key}#${rules.select(count)}` as MessageKey;
  const chosen = form in messages ? form : (`${key}#other` as MessageKey);
  return translate(messages, chosen, { count, ...params });
}
