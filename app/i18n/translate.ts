import type { MessageKey, Messages } from "./messages/ja";

export type { MessageKey, Messages };
export type TranslateParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: TranslateParams) => string;

/** The message for a key with `{name}` placeholders filled; unknown placeholders stay visible. */
export function translate(messages: Partial<Messages>, key: MessageKey, params?: TranslateParams): string {
  const template = messages[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
