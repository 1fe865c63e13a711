import type { Config } from "#server/config";
import { createHttpPostalLookup } from "./http";
import { createOfflinePostalLookup } from "./offline";
import type { PostalLookup } from "./types";

export { normalizeZip } from "#common/zip";
export type { PostalAddress, PostalLookup } from "./types";
export { createHttpPostalLookup, createOfflinePostalLookup };

/** The adapter the configuration names: `offline` (default) or `http`. */
export function createPostalLookup(
  config: Pick<Config, "POSTAL_LOOKUP" | "POSTAL_LOOKUP_URL">,
  onFailure?: (why: string) => void,
): PostalLookup {
  if (config.POSTAL_LOOKUP === "http") {
    if (!config.POSTAL_LOOKUP_URL) throw new Error("POSTAL_LOOKUP=http needs POSTAL_LOOKUP_URL");
    return createHttpPostalLookup({ baseUrl: config.POSTAL_LOOKUP_URL, onFailure });
  }
  return createOfflinePostalLookup();
}
