import type { AdminLocale } from "#common/admin";

/**
 * Staff-entered texts in the back office's language (issue 41): the company writes names, addresses
 * and notes in Japanese and, for the public site, in English and other languages. A page in English
 * shows the English text where there is one; where there is none it shows the Japanese, marked as
 * untranslated so staff know to add it. The one place that decides this for every page.
 */
export interface StaffText {
  text: string;
  /** The language `text` is in (for `lang=`). */
  lang: AdminLocale;
  /** True when the staff member's language has no text and the Japanese stands in. */
  untranslated: boolean;
}

/** `ja` and `en` are a field's Japanese and English columns (`storeName`, `storeNameEn`). */
export function pickStaffText(ja: string, en: string | null | undefined, locale: AdminLocale): StaffText {
  if (locale === "ja") return { text: ja, lang: "ja", untranslated: false };
  const english = en?.trim();
  if (english) return { text: english, lang: "en", untranslated: false };
  // An empty Japanese text is not "untranslated": there is nothing to translate.
  return { text: ja, lang: "ja", untranslated: ja.trim() !== "" };
}
