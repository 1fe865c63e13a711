import { and, asc, eq } from "drizzle-orm";
import { changedFields, recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { customPages, seoSettings } from "#server/db/schema";
import { notFoundError } from "#server/errors";
import type { DbOrTx } from "#server/mail/outbox";
import { mlColumns } from "#server/staff/admin-fields.schema";
import { type Actor, authorize } from "#server/staff/permissions";
import { CUSTOM_PAGE_KIND, customPageKind, SEO_PAGE_KINDS, type SeoInput } from "./content.schema";

/**
 * SEO titles and descriptions per page kind (spec §3 SEO setting), in four languages. A kind with
 * no setting uses the page's own title and description (app/lib/seo.ts), so saving a kind with
 * every field empty removes its setting.
 */
export type SeoRecord = typeof seoSettings.$inferSelect;

export interface SeoKind {
  kind: string;
  /** For `custom_page:{url}`: the page (null when the page is gone and only its setting is left). */
  customPage: { id: number; url: string; title: string } | null;
  /** The setting's Japanese title and description, or null when the kind has none. */
  setting: { title: string; description: string } | null;
}

/** Every kind the public head reads, then each custom page's, then any setting left without a page. */
export async function listSeoKinds(db: Db, siteId: string, actor: Actor): Promise<SeoKind[]> {
  authorize(actor, "view");
  const [settings, pages] = await Promise.all([
    db.select().from(seoSettings).where(eq(seoSettings.siteId, siteId)),
    db
      .select({ id: customPages.id, url: customPages.pageUrl, title: customPages.pageTitle })
      .from(customPages)
      .where(eq(customPages.siteId, siteId))
      .orderBy(asc(customPages.displayOrder), asc(customPages.id)),
  ]);
  const byKind = new Map(settings.map((s) => [s.pageKind, { title: s.pageTitle, description: s.description }]));
  const kinds: SeoKind[] = [
    ...SEO_PAGE_KINDS.map((kind) => ({ kind, customPage: null, setting: byKind.get(kind) ?? null })),
    ...pages.map((p) => ({
      kind: customPageKind(p.url),
      customPage: p,
      setting: byKind.get(customPageKind(p.url)) ?? null,
    })),
  ];
  const listed = new Set(kinds.map((k) => k.kind));
  for (const s of settings) {
    if (!listed.has(s.pageKind))
      kinds.push({ kind: s.pageKind, customPage: null, setting: byKind.get(s.pageKind) ?? null });
  }
  return kinds;
}

async function readSetting(db: DbOrTx, siteId: string, kind: string): Promise<SeoRecord | null> {
  const [row] = await db
    .select()
    .from(seoSettings)
    .where(and(eq(seoSettings.siteId, siteId), eq(seoSettings.pageKind, kind)));
  return row ?? null;
}

/** The kind as the form shows it; 404 for a kind that is neither a page's nor stored. */
async function resolveKind(
  db: Db,
  siteId: string,
  kind: string,
): Promise<Omit<SeoKind, "setting"> & { row: SeoRecord | null }> {
  const row = await readSetting(db, siteId, kind);
  let customPage: SeoKind["customPage"] = null;
  if (kind.startsWith(CUSTOM_PAGE_KIND)) {
    const [page] = await db
      .select({ id: customPages.id, url: customPages.pageUrl, title: customPages.pageTitle })
      .from(customPages)
      .where(and(eq(customPages.siteId, siteId), eq(customPages.pageUrl, kind.slice(CUSTOM_PAGE_KIND.length))));
    customPage = page ?? null;
  }
  const known = (SEO_PAGE_KINDS as readonly string[]).includes(kind) || customPage !== null || row !== null;
  if (!known) throw notFoundError();
  return { kind, customPage, row };
}

export async function getSeoSetting(db: Db, siteId: string, actor: Actor, kind: string) {
  authorize(actor, "view");
  return resolveKind(db, siteId, kind);
}

export async function updateSeoSetting(db: Db, siteId: string, actor: Actor, kind: string, input: SeoInput) {
  authorize(actor, "content.edit");
  const { row: current } = await resolveKind(db, siteId, kind);
  const v = input as unknown as Record<string, string>;
  const columns = { ...mlColumns("pageTitle", v, "page_title"), ...mlColumns("description", v, "description") };
  const empty = Object.values(columns).every((c) => !c);
  await db.transaction(async (tx) => {
    const where = and(eq(seoSettings.siteId, siteId), eq(seoSettings.pageKind, kind));
    if (empty) await tx.delete(seoSettings).where(where);
    else {
      await tx
        .insert(seoSettings)
        .values({ siteId, pageKind: kind, ...columns })
        .onConflictDoUpdate({ target: [seoSettings.siteId, seoSettings.pageKind], set: columns });
    }
    const before = current
      ? (({ siteId: _s, pageKind: _k, ...rest }) => rest)(current)
      : ({} as Record<string, unknown>);
    const changed = changedFields(before, empty ? {} : columns);
    if (Object.keys(changed.after).length || Object.keys(changed.before).length) {
      await recordAudit(tx, siteId, actor, {
        action: empty ? "seo.clear" : "seo.update",
        entity: "seo_setting",
        entityId: kind,
        before: current ? changed.before : null,
        after: empty ? null : changed.after,
      });
    }
  });
}
