import { asc, desc, eq } from "drizzle-orm";
import { FIELD_SUFFIX, type Locale, siteLocales } from "#common/locales";
import type { Db } from "#server/db/client";
import {
  carClasses,
  carOptions,
  carTypes,
  customPages,
  siteNews,
  siteSettings,
  stores,
  topInfos,
} from "#server/db/schema";
import { type Actor, authorize } from "#server/staff/permissions";

/**
 * What staff have written in Japanese and not yet in a language the site serves (issue 41). The
 * public site shows the Japanese in its place; this list is where staff see what is left.
 */
export const TRANSLATION_KINDS = ["site", "store", "class", "carType", "option", "news", "page"] as const;
export type TranslationKind = (typeof TRANSLATION_KINDS)[number];

export interface UntranslatedText {
  kind: TranslationKind;
  /** The record's id (null for the site's own texts). */
  id: number | null;
  /** The column's name (`storeName`, `access`, …). */
  field: string;
  /** The record's name in Japanese, to recognise it by. */
  name: string;
  /** The Japanese text waiting for its translation. */
  ja: string;
}

export interface LanguageGaps {
  locale: Exclude<Locale, "ja">;
  items: UntranslatedText[];
}

type Row = Record<string, unknown>;
interface Source {
  kind: TranslationKind;
  fields: readonly string[];
  rows: Row[];
  id: (row: Row) => number | null;
  name: (row: Row) => string;
}

/** The untranslated texts of each language the site serves besides Japanese. */
export async function untranslatedTexts(db: Db, siteId: string, actor: Actor): Promise<LanguageGaps[]> {
  authorize(actor, "view");
  const [settings, top, storeRows, classRows, typeRows, optionRows, newsRows, pageRows] = await Promise.all([
    db.select().from(siteSettings).where(eq(siteSettings.siteId, siteId)),
    db.select().from(topInfos).where(eq(topInfos.siteId, siteId)),
    db.select().from(stores).where(eq(stores.siteId, siteId)).orderBy(asc(stores.displayOrder), asc(stores.id)),
    db
      .select()
      .from(carClasses)
      .where(eq(carClasses.siteId, siteId))
      .orderBy(asc(carClasses.displayOrder), asc(carClasses.id)),
    db.select().from(carTypes).where(eq(carTypes.siteId, siteId)).orderBy(asc(carTypes.displayOrder), asc(carTypes.id)),
    db.select().from(carOptions).where(eq(carOptions.siteId, siteId)).orderBy(asc(carOptions.id)),
    db
      .select()
      .from(siteNews)
      .where(eq(siteNews.siteId, siteId))
      .orderBy(desc(siteNews.publishedOn), desc(siteNews.id)),
    db
      .select()
      .from(customPages)
      .where(eq(customPages.siteId, siteId))
      .orderBy(asc(customPages.displayOrder), asc(customPages.id)),
  ]);
  const siteName = String(settings[0]?.siteTitle ?? "");
  const byId = (row: Row) => row.id as number;
  const sources: Source[] = [
    { kind: "site", fields: ["siteTitle", "headerMessage"], rows: settings, id: () => null, name: () => siteName },
    { kind: "site", fields: ["pageEditTop"], rows: top, id: () => null, name: () => siteName },
    {
      kind: "store",
      fields: ["storeName", "addressA", "addressB", "access", "remarks"],
      rows: storeRows,
      id: byId,
      name: (r) => String(r.storeName),
    },
    { kind: "class", fields: ["className"], rows: classRows, id: byId, name: (r) => String(r.className) },
    {
      kind: "carType",
      fields: ["typeName", "modelNames", "notes"],
      rows: typeRows,
      id: byId,
      name: (r) => String(r.typeName),
    },
    { kind: "option", fields: ["optionName"], rows: optionRows, id: byId, name: (r) => String(r.optionName) },
    { kind: "news", fields: ["title", "body"], rows: newsRows, id: byId, name: (r) => String(r.title) },
    { kind: "page", fields: ["pageTitle", "pageContents"], rows: pageRows, id: byId, name: (r) => String(r.pageTitle) },
  ];
  const languages = siteLocales(settings[0]?.supportedLanguages ?? "jp").filter(
    (l): l is Exclude<Locale, "ja"> => l !== "ja",
  );
  return languages.map((locale) => ({ locale, items: gapsIn(sources, locale) }));
}

function gapsIn(sources: readonly Source[], locale: Exclude<Locale, "ja">): UntranslatedText[] {
  const suffix = FIELD_SUFFIX[locale];
  const items: UntranslatedText[] = [];
  for (const source of sources) {
    for (const row of source.rows) {
      for (const field of source.fields) {
        const ja = String(row[field] ?? "").trim();
        const translated = String(row[`${field}${suffix}`] ?? "").trim();
        // An empty Japanese text has nothing to translate.
        if (ja && !translated) {
          items.push({ kind: source.kind, id: source.id(row), field, name: source.name(row), ja });
        }
      }
    }
  }
  return items;
}
