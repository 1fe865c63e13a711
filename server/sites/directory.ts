import { and, asc, eq } from "drizzle-orm";
import { type Locale, pickLang, siteLocales } from "../../app/i18n/locales";
import type { Db } from "../db/client";
import { clients, siteSettings } from "../db/schema";

const PUBLIC = 1;

/** Published, active sites that offer a language: the platform's language home lists them. */
export async function listPublicSites(db: Db, locale: Locale): Promise<{ siteId: string; title: string }[]> {
  const rows = await db
    .select({ siteId: clients.siteId, settings: siteSettings })
    .from(clients)
    .innerJoin(siteSettings, eq(siteSettings.siteId, clients.siteId))
    .where(and(eq(clients.isActive, true), eq(siteSettings.publicStatus, PUBLIC)))
    .orderBy(asc(clients.clientId));
  return rows
    .filter((r) => siteLocales(r.settings.supportedLanguages).includes(locale))
    .map((r) => ({ siteId: r.siteId, title: pickLang(r.settings, "siteTitle", locale) }));
}
