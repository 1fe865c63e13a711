/** A chunk that fails to load (a deploy replaced it) reloads the page, at most once a minute (spec §8). */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
const KEY = "chunk-reload-at";

const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

export function shouldReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}

/** Reloads unless a reload already happened within the last minute; true when it reloads. */
export function reloadAfterChunkError(storage: Storage = window.sessionStorage, now = Date.now()): boolean {
  const last = Number(storage.getItem(KEY));
  if (!shouldReload(Number.isFinite(last) && last > 0 ? last : null, now)) return false;
  storage.setItem(KEY, String(now));
  window.location.reload();
  return true;
}
