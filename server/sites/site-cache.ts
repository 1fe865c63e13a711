import type { Db } from "#server/db/client";
import type { Logger } from "#server/logger";
import { loadSiteBundle, readSiteConfigVersion, type SiteBundle } from "./site-bundle";

interface Entry {
  bundle: SiteBundle | null;
  checkedAt: number;
}

export interface SiteCache {
  /** The bundle, or null for an unknown site. Warm: no query within `freshMs`, then one version check. */
  get(db: Db, siteId: string): Promise<SiteBundle | null>;
  invalidate(siteId?: string): void;
  readonly size: number;
}

/**
 * In-process cache of site bundles. Database triggers bump a site's config version on every
 * change, so a process notices edits made anywhere (another process, an admin tool) after at
 * most `freshMs`, with one primary-key query; edits made through this process invalidate at once.
 */
export function createSiteCache(
  options: { freshMs?: number; maxEntries?: number; now?: () => number; logger?: Logger } = {},
): SiteCache {
  const freshMs = options.freshMs ?? 1000;
  const maxEntries = options.maxEntries ?? 2000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<SiteBundle | null>>();

  function remember(siteId: string, bundle: SiteBundle | null) {
    if (entries.size >= maxEntries && !entries.has(siteId)) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(siteId, { bundle, checkedAt: now() });
  }

  async function refresh(db: Db, siteId: string, current: Entry | undefined): Promise<SiteBundle | null> {
    if (current?.bundle) {
      const version = await readSiteConfigVersion(db, siteId);
      if (version === current.bundle.version) {
        current.checkedAt = now();
        return current.bundle;
      }
    }
    const bundle = await loadSiteBundle(db, siteId);
    // An invalid fee plan hides only its own type's price; say so once per load, not per page.
    for (const plan of bundle?.catalogue.invalidFeePlans ?? []) {
      options.logger?.warn({ siteId, feePlanId: plan.id, issues: plan.issues }, "invalid fee plan");
    }
    remember(siteId, bundle);
    return bundle;
  }

  return {
    async get(db, siteId) {
      const entry = entries.get(siteId);
      if (entry && now() - entry.checkedAt < freshMs) return entry.bundle;
      let pending = inflight.get(siteId);
      if (!pending) {
        pending = refresh(db, siteId, entry).finally(() => inflight.delete(siteId));
        inflight.set(siteId, pending);
      }
      return pending;
    },
    invalidate(siteId) {
      if (siteId === undefined) entries.clear();
      else entries.delete(siteId);
    },
    get size() {
      return entries.size;
    },
  };
}
