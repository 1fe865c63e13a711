import type { Locale } from "#common/locales";
import { en } from "./messages/en";
import type { MessageKey, Messages } from "./messages/ja";
import { ja } from "./messages/ja";
import { ko } from "./messages/ko";
import { zhTW } from "./messages/zh-TW";

export type { Translate, TranslateParams } from "./translate";
export { translate } from "./translate";
export type { MessageKey, Messages };

/**
 * All four catalogues. Server-side only: the root loader sends the page's catalogue to the
 * browser, so client code imports `./translate`, never this module.
 */
export const CATALOGUES: Record<Locale, Messages> = { ja, en, ko, "zh-TW": zhTW };
