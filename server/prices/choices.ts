import { and, asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { carClasses, stores } from "#server/db/schema";
import { type Actor, authorize, inVisibleStores } from "#server/staff/permissions";

export interface Choice {
  id: number;
  name: string;
  /** The English name, for English staff pages (null when none was written). */
  nameEn?: string | null;
}

/**
 * The stores and car classes the price forms pick from (Japanese names, display order), closed
 * stores included. Fee plans belong to one store, so store staff pick among theirs; options are the
 * site's, so naming every store (`everyStore`) tells them where an option is offered.
 */
export async function priceChoices(
  db: Db,
  siteId: string,
  actor: Actor,
  options: { everyStore?: boolean } = {},
): Promise<{ stores: Choice[]; classes: Choice[] }> {
  authorize(actor, "view");
  const [storeRows, classRows] = await Promise.all([
    db
      .select({ id: stores.id, name: stores.storeName, nameEn: stores.storeNameEn })
      .from(stores)
      .where(and(eq(stores.siteId, siteId), options.everyStore ? undefined : inVisibleStores(actor, stores.id)))
      .orderBy(asc(stores.displayOrder), asc(stores.id)),
    db
      .select({ id: carClasses.id, name: carClasses.className, nameEn: carClasses.classNameEn })
      .from(carClasses)
      .where(eq(carClasses.siteId, siteId))
      .orderBy(asc(carClasses.displayOrder), asc(carClasses.id)),
  ]);
  const named = (rows: Choice[]) =>
    rows.map((r) => ({ id: r.id, name: r.name || `#${r.id}`, nameEn: r.nameEn ?? null }));
  return { stores: named(storeRows), classes: named(classRows) };
}
