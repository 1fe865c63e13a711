/** Demo text in Japanese, English, Traditional Chinese (Taiwan) and Korean. */
export interface L4 {
  jp: string;
  en: string;
  tw: string;
  kr: string;
}

/** Demo text in Japanese and English. */
export interface L2 {
  jp: string;
  en: string;
}

/** A plain string is Japanese only. */
export type Text = string | L2 | L4;

export type MlColumns<K extends string> = { [P in K]: string } & { [P in `${K}${"En" | "Tw" | "Kr"}`]?: string };

/** The multi-language column `key` and its variants for the languages given; the rest stay unset. */
export function ml<K extends string>(key: K, text: Text): MlColumns<K> {
  const out: Record<string, string> = {};
  if (typeof text === "string") {
    out[key] = text;
  } else {
    out[key] = text.jp;
    out[`${key}En`] = text.en;
    if ("tw" in text) {
      out[`${key}Tw`] = text.tw;
      out[`${key}Kr`] = text.kr;
    }
  }
  return out as unknown as MlColumns<K>;
}
