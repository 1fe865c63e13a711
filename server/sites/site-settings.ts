import { eq } from "drizzle-orm";
import { changedFields, recordAudit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { siteLogos, siteSettings, siteTrackings } from "#server/db/schema";
import { AppError, notFoundError } from "#server/errors";
import type { DbOrTx } from "#server/mail/outbox";
import { discardMedia, type MediaVariant, type StoredVariant, storeImage } from "#server/media/images";
import { type Actor, authorize } from "#server/staff/permissions";
import type { BlobStore } from "#server/uploads/blob-store";
import {
  type SiteSettingsInput,
  type SiteSettingsRecord,
  siteSettingsColumns,
  type ThemeInput,
} from "./site-settings.schema";

/**
 * The site's settings and design in the back office (issue 23). Anyone on the staff may read them;
 * changing them needs `site.edit` (owners and managers). Each change is one audited transaction;
 * the site-version triggers (decision 002) carry it to every process.
 */

export type SiteSettingsRow = typeof siteSettings.$inferSelect;
export type SiteLogoRow = typeof siteLogos.$inferSelect;

async function readSettings(db: DbOrTx, siteId: string): Promise<SiteSettingsRow> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.siteId, siteId));
  if (!row) throw notFoundError();
  return row;
}

async function readTracking(db: DbOrTx, siteId: string) {
  const [row] = await db.select().from(siteTrackings).where(eq(siteTrackings.siteId, siteId));
  return { gaTrackingCode: row?.gaTrackingCode ?? null, gtmContainerId: row?.gtmContainerId ?? null };
}

/** The settings the settings page edits, with the analytics ids. */
export async function getSiteSettings(db: Db, siteId: string, actor: Actor): Promise<SiteSettingsRecord> {
  authorize(actor, "view");
  const [settings, tracking] = await Promise.all([readSettings(db, siteId), readTracking(db, siteId)]);
  return { ...settings, ...tracking };
}

/** Saves the settings page; the audit entry holds only the fields that changed. */
export async function updateSiteSettings(db: Db, siteId: string, actor: Actor, input: SiteSettingsInput) {
  authorize(actor, "site.edit");
  const columns = siteSettingsColumns(input);
  const tracking = { gaTrackingCode: input.ga_tracking_code || null, gtmContainerId: input.gtm_container_id || null };
  await db.transaction(async (tx) => {
    const [current, currentTracking] = await Promise.all([readSettings(tx, siteId), readTracking(tx, siteId)]);
    await tx.update(siteSettings).set(columns).where(eq(siteSettings.siteId, siteId));
    if (
      tracking.gaTrackingCode !== currentTracking.gaTrackingCode ||
      tracking.gtmContainerId !== currentTracking.gtmContainerId
    ) {
      await tx
        .insert(siteTrackings)
        .values({ siteId, ...tracking })
        .onConflictDoUpdate({ target: siteTrackings.siteId, set: tracking });
    }
    const before = { ...pick(current, Object.keys(columns)), ...currentTracking };
    const { before: b, after: a } = changedFields(before, { ...columns, ...tracking });
    if (Object.keys(a).length) {
      await recordAudit(tx, siteId, actor, {
        action: "site.settings.update",
        entity: "site_settings",
        entityId: siteId,
        before: b,
        after: a,
      });
    }
  });
}

function pick(row: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, row[k]]));
}

export interface ThemeRecord {
  siteColor: string;
  fontColor: string | null;
  faviconPath: string | null;
  logo: { imgPath: string; width: number; height: number } | null;
}

async function readTheme(db: DbOrTx, siteId: string): Promise<ThemeRecord> {
  const [settings, [logo]] = await Promise.all([
    readSettings(db, siteId),
    db.select().from(siteLogos).where(eq(siteLogos.siteId, siteId)),
  ]);
  return {
    siteColor: settings.siteColor,
    fontColor: settings.fontColor,
    faviconPath: settings.faviconPath,
    logo: logo ? { imgPath: logo.imgPath, width: logo.width, height: logo.height } : null,
  };
}

/** The design page's colours, logo and favicon. */
export async function getTheme(db: Db, siteId: string, actor: Actor): Promise<ThemeRecord> {
  authorize(actor, "view");
  return readTheme(db, siteId);
}

/**
 * The logo is fitted inside 800×300 and kept as WebP, transparency included; the header scales a
 * large one down (spec §9 resize class). The favicon is cropped square to 32×32 PNG, the size a
 * browser tab shows.
 */
export const LOGO_VARIANT: MediaVariant = { width: 800, height: 300, fit: "inside", format: "webp" };
export const FAVICON_VARIANT: MediaVariant = { width: 32, height: 32, fit: "cover", format: "png" };

async function storePicture(
  media: BlobStore,
  file: File | null,
  variant: MediaVariant,
  field: string,
): Promise<StoredVariant | null> {
  if (!file) return null;
  const [stored] = (await storeImage(media, new Uint8Array(await file.arrayBuffer()), [variant])) ?? [];
  // Bytes that looked like a picture but do not decode (a truncated or forged file).
  if (!stored) throw new AppError("invalid_input", { fieldErrors: { [field]: { code: "media_type" } } });
  return stored;
}

/**
 * Saves the design page: colours, and a new or removed logo and favicon. New pictures are stored
 * first; the pictures they replace are deleted only once the change has committed, and the new ones
 * are deleted if it fails, so the site never points at a missing file.
 */
export async function updateTheme(
  db: Db,
  media: BlobStore,
  siteId: string,
  actor: Actor,
  input: Pick<ThemeInput, "site_color" | "font_color" | "logo" | "remove_logo" | "favicon" | "remove_favicon">,
): Promise<void> {
  authorize(actor, "site.edit");
  const siteColor = input.site_color;
  if (!siteColor) throw new AppError("invalid_input", { fieldErrors: { site_color: { code: "required" } } });
  const added: string[] = [];
  let dropped: string[];
  try {
    const logo = await storePicture(media, input.logo, LOGO_VARIANT, "logo");
    if (logo) added.push(logo.path);
    const favicon = await storePicture(media, input.favicon, FAVICON_VARIANT, "favicon");
    if (favicon) added.push(favicon.path);
    dropped = await db.transaction(async (tx) => {
      const current = await readTheme(tx, siteId);
      const next: ThemeRecord = {
        siteColor,
        fontColor: input.font_color,
        faviconPath: favicon ? favicon.path : input.remove_favicon ? null : current.faviconPath,
        logo: logo
          ? { imgPath: logo.path, width: logo.width, height: logo.height }
          : input.remove_logo
            ? null
            : current.logo,
      };
      await tx
        .update(siteSettings)
        .set({ siteColor: next.siteColor, fontColor: next.fontColor, faviconPath: next.faviconPath })
        .where(eq(siteSettings.siteId, siteId));
      if (next.logo && next.logo.imgPath !== current.logo?.imgPath) {
        await tx
          .insert(siteLogos)
          .values({ siteId, ...next.logo })
          .onConflictDoUpdate({ target: siteLogos.siteId, set: next.logo });
      } else if (!next.logo && current.logo) {
        await tx.delete(siteLogos).where(eq(siteLogos.siteId, siteId));
      }
      const { before, after } = changedFields({ ...current }, { ...next });
      if (Object.keys(after).length) {
        await recordAudit(tx, siteId, actor, {
          action: "site.theme.update",
          entity: "site_settings",
          entityId: siteId,
          before,
          after,
        });
      }
      return [
        current.logo && current.logo.imgPath !== next.logo?.imgPath ? current.logo.imgPath : null,
        current.faviconPath !== next.faviconPath ? current.faviconPath : null,
      ].filter((p): p is string => p !== null);
    });
  } catch (error) {
    await discardMedia(media, added);
    throw error;
  }
  // Only our own media files are deleted: a demo file under /demo stays (discardMedia ignores it).
  await discardMedia(media, dropped);
}
