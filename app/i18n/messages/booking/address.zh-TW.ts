import type { addressIntlJa } from "./address.ja";

export const addressIntlZhTW: Record<keyof typeof addressIntlJa, string> = {
  "address.countryFirstHint": "請選擇您居住的國家，下方的地址欄位會依此變更。",
  "address.zipHintJapan": "日本郵遞區號，7位數字（可含連字號）。",
};
