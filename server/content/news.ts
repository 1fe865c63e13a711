import { and, desc, eq } from "drizzle-orm";
import { changedFields, recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { siteNews } from "#server/db/schema";
import { notFoundError } from "#server/errors";
import type { DbOrTx } from "#server/mail/outbox";
import { NEWS_ON_TOP } from "#server/sites/site-bundle";
import { mlColumns } from "#server/staff/admin-fields.schema";
import { type Actor, authorize } from "#server/staff/permissions";
import type { NewsInput } from "./content.schema";

/** The top page's news (spec §3 Top info): dated items in four languages; the public top shows the newest five. */
export type NewsRecord = typeof siteNews.$inferSelect;

export interface NewsListRow {
  id: number;
  publishedOn: string;
  title: string;
  /** Among the newest five, which the public top page shows. */
  onTop: boolean;
}

export async function listNews(db: Db, siteId: string, actor: Actor): Promise<NewsListRow[]> {
  authorize(actor, "view");
  const rows = await db
    .select({ id: siteNews.id, publishedOn: siteNews.publishedOn, title: siteNews.title })
    .from(siteNews)
    .where(eq(siteNews.siteId, siteId))
    // The public top's order (site-bundle.ts), so "on the top page" means what it shows.
    .orderBy(desc(siteNews.publishedOn), desc(siteNews.id));
  return rows.map((r, i) => ({ ...r, onTop: i < NEWS_ON_TOP }));
}

async function readNews(db: DbOrTx, siteId: string, newsId: number): Promise<NewsRecord | null> {
  const [row] = await db
    .select()
    .from(siteNews)
    .where(and(eq(siteNews.siteId, siteId), eq(siteNews.id, newsId)));
  return row ?? null;
}

export async function getNews(db: Db, siteId: string, actor: Actor, newsId: number): Promise<NewsRecord> {
  authorize(actor, "view");
  const row = await readNews(db, siteId, newsId);
  if (!row) throw notFoundError();
  return row;
}

function newsColumns(input: NewsInput) {
  const v = input as unknown as Record<string, string>;
  return { publishedOn: input.published_on, ...mlColumns("title", v, "title"), ...mlColumns("body", v, "body") };
}

export async function createNews(db: Db, siteId: string, actor: Actor, input: NewsInput): Promise<{ newsId: number }> {
  authorize(actor, "content.edit");
  const columns = newsColumns(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(siteNews)
      .values({ ...columns, siteId })
      .returning({ id: siteNews.id });
    if (!row) throw new Error("news insert returned no row");
    await recordAudit(tx, siteId, actor, { action: "news.create", entity: "news", entityId: row.id, after: columns });
    return { newsId: row.id };
  });
}

export async function updateNews(db: Db, siteId: string, actor: Actor, newsId: number, input: NewsInput) {
  authorize(actor, "content.edit");
  const current = await readNews(db, siteId, newsId);
  if (!current) throw notFoundError();
  const columns = newsColumns(input);
  await db.transaction(async (tx) => {
    await tx
      .update(siteNews)
      .set(columns)
      .where(and(eq(siteNews.siteId, siteId), eq(siteNews.id, newsId)));
    const { id: _id, siteId: _site, ...before } = current;
    const changed = changedFields(before, columns);
    if (Object.keys(changed.after).length) {
      await recordAudit(tx, siteId, actor, { action: "news.update", entity: "news", entityId: newsId, ...changed });
    }
  });
}

export async function deleteNews(db: Db, siteId: string, actor: Actor, newsId: number) {
  authorize(actor, "content.edit");
  const current = await readNews(db, siteId, newsId);
  if (!current) throw notFoundError();
  await db.transaction(async (tx) => {
    await tx.delete(siteNews).where(and(eq(siteNews.siteId, siteId), eq(siteNews.id, newsId)));
    const { id: _id, siteId: _site, ...before } = current;
    await recordAudit(tx, siteId, actor, { action: "news.delete", entity: "news", entityId: newsId, before });
  });
}
