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

let fetchesKeepingThePage = 0;

/**
 * A fetch of a form's rules (app/lib/forms.ts, rulesOnDemand) while the visitor is filling the
 * form: a chunk that fails meanwhile does not reload the page, which would lose what was typed;
 * the form goes to the server instead, which checks it.
 */
export function keepPageWhile<T>(fetch: Promise<T>): Promise<T> {
  fetchesKeepingThePage++;
  return fetch.finally(() => {
    fetchesKeepingThePage--;
  });
}

/** Whether a chunk's failure now belongs to such a fetch (the root's listener then leaves the page). */
export function pageKept(): boolean {
  return fetchesKeepingThePage > 0;
}
