import { eq } from "drizzle-orm";
import { changedFields, recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { topInfos } from "#server/db/schema";
import type { DbOrTx } from "#server/mail/outbox";
import { mlColumns } from "#server/staff/admin-fields.schema";
import { type Actor, authorize } from "#server/staff/permissions";
import type { TopTextInput } from "./content.schema";

/**
 * The top page's own text (top_infos.page_edit_top, spec §3 Top info), in four languages, in the
 * safe markup of decision 005. The hero image of the same row is the theme's, left as it is.
 */
export interface TopText {
  pageEditTop: string;
  pageEditTopEn: string | null;
  pageEditTopKr: string | null;
  pageEditTopTw: string | null;
}

const EMPTY: TopText = { pageEditTop: "", pageEditTopEn: null, pageEditTopKr: null, pageEditTopTw: null };

async function readTopText(db: DbOrTx, siteId: string): Promise<TopText | null> {
  const [row] = await db
    .select({
      pageEditTop: topInfos.pageEditTop,
      pageEditTopEn: topInfos.pageEditTopEn,
      pageEditTopKr: topInfos.pageEditTopKr,
      pageEditTopTw: topInfos.pageEditTopTw,
    })
    .from(topInfos)
    .where(eq(topInfos.siteId, siteId));
  return row ?? null;
}

export async function getTopText(db: Db, siteId: string, actor: Actor): Promise<TopText> {
  authorize(actor, "view");
  return (await readTopText(db, siteId)) ?? EMPTY;
}

export async function updateTopText(db: Db, siteId: string, actor: Actor, input: TopTextInput): Promise<void> {
  authorize(actor, "content.edit");
  const columns = mlColumns("pageEditTop", input as unknown as Record<string, string>, "page_edit_top");
  await db.transaction(async (tx) => {
    const current = await readTopText(tx, siteId);
    await tx
      .insert(topInfos)
      .values({ siteId, ...columns })
      .onConflictDoUpdate({ target: topInfos.siteId, set: columns });
    const changed = changedFields({ ...(current ?? EMPTY) }, columns);
    if (Object.keys(changed.after).length) {
      await recordAudit(tx, siteId, actor, { action: "top_text.update", entity: "top_info", ...changed });
    }
  });
}
