import { or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { containsPattern, searchQuery } from "./search-text";

/**
 * The condition "the search column holds what staff typed, however spelled" (decision 051):
 * the folded query anywhere in it, or, for a phone number, its digits, or, for romaji, its kana.
 * Undefined for an empty query.
 */
export function matchesSearchText(column: AnyPgColumn, q: string): SQL | undefined {
  const query = searchQuery(q);
  if (!query) return undefined;
  return or(
    sql`${column} like ${containsPattern(query.folded)}`,
    query.digits ? sql`${column} like ${containsPattern(query.digits)}` : undefined,
    query.kana ? sql`${column} like ${containsPattern(query.kana)}` : undefined,
  );
}
