import { and, asc, eq } from "drizzle-orm";
import { changedFields, recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { customPages, seoSettings, siteSettings } from "#server/db/schema";
import { AppError, notFoundError } from "#server/errors";
import type { DbOrTx } from "#server/mail/outbox";
import { mlColumns } from "#server/staff/admin-fields.schema";
import { type Actor, authorize } from "#server/staff/permissions";
import { type CustomPageInput, customPageKind } from "./content.schema";

/**
 * Custom pages in the back office (issue 23): `/c/{url}` pages in four languages, listed in the
 * public footer in display order. The address is unique per site, and the database judges it
 * (custom_pages_site_url), so two staff saving the same address at once cannot both succeed.
 */
export type CustomPageRecord = typeof customPages.$inferSelect;

export interface CustomPageListRow {
  id: number;
  pageUrl: string;
  pageTitle: string;
  displayOrder: number;
}

export interface CustomPageList {
  pages: CustomPageListRow[];
  /** The custom page the price-list menu entry links to (spec §2, clients 83 and 51), or null. */
  priceListPageUrl: string | null;
}

/** The site's price-list page address (site_settings.price_list_page_url). */
export async function priceListPageUrl(db: DbOrTx, siteId: string): Promise<string | null> {
  const [row] = await db
    .select({ url: siteSettings.priceListPageUrl })
    .from(siteSettings)
    .where(eq(siteSettings.siteId, siteId));
  return row?.url ?? null;
}

export async function listCustomPages(db: Db, siteId: string, actor: Actor): Promise<CustomPageList> {
  authorize(actor, "view");
  const [pages, priceList] = await Promise.all([
    db
      .select({
        id: customPages.id,
        pageUrl: customPages.pageUrl,
        pageTitle: customPages.pageTitle,
        displayOrder: customPages.displayOrder,
      })
      .from(customPages)
      .where(eq(customPages.siteId, siteId))
      .orderBy(asc(customPages.displayOrder), asc(customPages.id)),
    priceListPageUrl(db, siteId),
  ]);
  return { pages, priceListPageUrl: priceList };
}

async function readPage(db: DbOrTx, siteId: string, pageId: number): Promise<CustomPageRecord | null> {
  const [row] = await db
    .select()
    .from(customPages)
    .where(and(eq(customPages.siteId, siteId), eq(customPages.id, pageId)));
  return row ?? null;
}

/** One page; 404 for another site's. */
export async function getCustomPage(
  db: Db,
  siteId: string,
  actor: Actor,
  pageId: number,
): Promise<CustomPageRecord & { priceListPageUrl: string | null }> {
  authorize(actor, "view");
  const [page, priceList] = await Promise.all([readPage(db, siteId, pageId), priceListPageUrl(db, siteId)]);
  if (!page) throw notFoundError();
  return { ...page, priceListPageUrl: priceList };
}

function pageColumns(input: CustomPageInput) {
  const v = input as unknown as Record<string, string>;
  return {
    pageUrl: input.page_url,
    ...mlColumns("pageTitle", v, "page_title"),
    ...mlColumns("pageContents", v, "page_contents"),
    displayOrder: input.display_order,
  };
}

/** The unique (site, url) index refused the address: another page of the site has it. */
function isSlugTaken(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505")
      return e.constraint === "custom_pages_site_url" || /custom_pages_site_url/.test(e.message ?? "");
    e = e.cause as typeof e;
  }
  return false;
}

async function judgedBySlug<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isSlugTaken(error)) {
      throw new AppError("invalid_input", { fieldErrors: { page_url: { code: "slug_taken" } } });
    }
    throw error;
  }
}

export async function createCustomPage(
  db: Db,
  siteId: string,
  actor: Actor,
  input: CustomPageInput,
): Promise<{ pageId: number }> {
  authorize(actor, "content.edit");
  const columns = pageColumns(input);
  return judgedBySlug(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(customPages)
        .values({ ...columns, siteId })
        .returning({ id: customPages.id });
      if (!row) throw new Error("custom page insert returned no row");
      await recordAudit(tx, siteId, actor, {
        action: "custom_page.create",
        entity: "custom_page",
        entityId: row.id,
        after: columns,
      });
      return { pageId: row.id };
    }),
  );
}

/**
 * Saves a page. A new address takes the page's SEO setting with it (its kind is
 * `custom_page:{url}`), so the page keeps its search title.
 */
export async function updateCustomPage(
  db: Db,
  siteId: string,
  actor: Actor,
  pageId: number,
  input: CustomPageInput,
): Promise<void> {
  authorize(actor, "content.edit");
  const current = await readPage(db, siteId, pageId);
  if (!current) throw notFoundError();
  const columns = pageColumns(input);
  await judgedBySlug(() =>
    db.transaction(async (tx) => {
      await tx
        .update(customPages)
        .set(columns)
        .where(and(eq(customPages.siteId, siteId), eq(customPages.id, pageId)));
      if (current.pageUrl !== columns.pageUrl) await moveSeoSetting(tx, siteId, current.pageUrl, columns.pageUrl);
      const { id: _id, siteId: _site, ...before } = current;
      const changed = changedFields(before, columns);
      if (Object.keys(changed.after).length) {
        await recordAudit(tx, siteId, actor, {
          action: "custom_page.update",
          entity: "custom_page",
          entityId: pageId,
          ...changed,
        });
      }
    }),
  );
}

async function moveSeoSetting(tx: DbOrTx, siteId: string, from: string, to: string) {
  // A setting left under the new address (by a page deleted earlier) gives way to this page's own.
  const [own] = await tx
    .select({ kind: seoSettings.pageKind })
    .from(seoSettings)
    .where(and(eq(seoSettings.siteId, siteId), eq(seoSettings.pageKind, customPageKind(from))));
  if (!own) return;
  await tx.delete(seoSettings).where(and(eq(seoSettings.siteId, siteId), eq(seoSettings.pageKind, customPageKind(to))));
  await tx
    .update(seoSettings)
    .set({ pageKind: customPageKind(to) })
    .where(and(eq(seoSettings.siteId, siteId), eq(seoSettings.pageKind, customPageKind(from))));
}

/** Deletes a page and its SEO setting. The price-list entry then falls back to nothing: the list page warns. */
export async function deleteCustomPage(db: Db, siteId: string, actor: Actor, pageId: number): Promise<void> {
  authorize(actor, "content.edit");
  const current = await readPage(db, siteId, pageId);
  if (!current) throw notFoundError();
  await db.transaction(async (tx) => {
    await tx.delete(customPages).where(and(eq(customPages.siteId, siteId), eq(customPages.id, pageId)));
    await tx
      .delete(seoSettings)
      .where(and(eq(seoSettings.siteId, siteId), eq(seoSettings.pageKind, customPageKind(current.pageUrl))));
    const { id: _id, siteId: _site, ...before } = current;
    await recordAudit(tx, siteId, actor, {
      action: "custom_page.delete",
      entity: "custom_page",
      entityId: pageId,
      before,
    });
  });
}
