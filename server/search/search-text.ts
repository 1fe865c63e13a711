import { toKatakana } from "wanakana";

/**
 * Search by any spelling (issue 41, docs/decisions/051-search-by-any-spelling.md). A name is stored
 * and searched in one folded form: NFKC (half-width ﾔﾏﾀﾞ → ヤマダ, full-width Ｙａｍａｄａ → Yamada),
 * hiragana as katakana (やまだ → ヤマダ, by wanakana; Latin letters stay Latin), lower case, and no
 * spaces (山田花子 finds 山田 花子). Phones are kept as digits, in E.164 and national form, so that
 * 090-1234-5678, 09012345678 and +81 90 1234 5678 all find the same booking. A query typed in
 * romaji (yamada) is also read as kana (ヤマダ), for staff on a keyboard without a Japanese IME; the
 * stored column keeps Latin names Latin.
 */

/** One piece of text, folded the way searches compare it. */
export function foldForSearch(text: string): string {
  const nfkc = text.normalize("NFKC");
  return toKatakana(nfkc, { passRomaji: true }).toLowerCase().replace(/\s+/g, "");
}

/** The digits of a phone number, with its national form (a leading 0) when written with Japan's +81. */
export function phoneForms(tel: string): string[] {
  const digits = tel.normalize("NFKC").replace(/\D/g, "");
  if (!digits) return [];
  if (digits.startsWith("81") && tel.trim().startsWith("+")) return [digits, `0${digits.slice(2)}`];
  return [digits];
}

/**
 * The column's value: every field folded, separated by a character no folded field holds, so that
 * a search never matches across two fields.
 */
export function searchText(fields: (string | null | undefined)[], tels: (string | null | undefined)[] = []): string {
  const parts = fields.filter((f): f is string => Boolean(f?.trim())).map(foldForSearch);
  for (const tel of tels) if (tel) parts.push(...phoneForms(tel));
  return [...new Set(parts.filter(Boolean))].join("\u001f");
}

export interface SearchQuery {
  /** The query folded as the column is. */
  folded: string;
  /** Its digits, when it reads as a phone number (at least 4 digits, only phone punctuation besides). */
  digits: string | null;
  /** Its reading in katakana, when it is romaji that reads wholly as kana (yamada → ヤマダ). */
  kana: string | null;
}

/** Romaji read as katakana (yamada hanako → ヤマダハナコ), or null when any of it is not kana (smith). */
function romajiAsKana(nfkc: string): string | null {
  if (!/^[a-z\s'-]+$/i.test(nfkc)) return null;
  const kana = foldForSearch(toKatakana(nfkc.toLowerCase()));
  return /^[\u30a0-\u30ff]+$/.test(kana) ? kana : null;
}

/** What staff typed, folded for comparison with the column (null when empty). */
export function searchQuery(q: string): SearchQuery | null {
  const folded = foldForSearch(q);
  if (!folded) return null;
  const nfkc = q.normalize("NFKC");
  const digits = /^[\d\s+()\-.]+$/.test(nfkc) ? nfkc.replace(/\D/g, "") : "";
  // +81 typed: compare in national form too, as the column keeps both.
  const national = digits.startsWith("81") && nfkc.trim().startsWith("+") ? `0${digits.slice(2)}` : digits;
  return { folded, digits: national.length >= 4 ? national : null, kana: romajiAsKana(nfkc) };
}

/** A LIKE pattern that finds `text` anywhere (wildcards in the text taken literally). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a reservation is found by: its number, the borrower's (and driver's) names, readings, e-mail and phone. */
export function reservationSearchText(
  reserveNo: string,
  borrower: PersonFields | null | undefined,
  driver?: PersonFields | null,
): string {
  const people = [borrower, driver].filter((p): p is PersonFields => Boolean(p));
  return searchText(
    [reserveNo, ...people.flatMap((p) => [p.name, p.kana, p.company, p.companyKana, p.email])],
    people.map((p) => p.tel),
  );
}

/** What a member is found by: names, readings, company, e-mail and phone. */
export function memberSearchText(m: PersonFields): string {
  return searchText([m.name, m.kana, m.company, m.companyKana, m.email], [m.tel]);
}

export interface PersonFields {
  name?: string | null;
  kana?: string | null;
  company?: string | null;
  companyKana?: string | null;
  email?: string | null;
  tel?: string | null;
}
