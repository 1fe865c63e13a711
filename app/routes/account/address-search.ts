import { getSite, services } from "#app/lib/site.server";
import type { AddressSearchResponse } from "#server/members/address.schema";
import { normalizeZip } from "#server/postal";
import type { Route } from "./+types/address-search";

/** At most this many places per code reach the browser (a list of buttons to choose from). */
const MAX_RESULTS = 50;

/**
 * GET `?zip=` → the places a postal code points to (spec §7 address search), for the address
 * block's lookup: `{ results: [{ prefCode, prefecture, city, town }] }`. A malformed code, an
 * unknown one or a failing service all answer `{ results: [] }` with 200: the lookup is a
 * convenience, the form never depends on it.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  getSite(context);
  const { postal, logger } = services(context);
  const zip = normalizeZip(new URL(request.url).searchParams.get("zip") ?? "");
  let body: AddressSearchResponse = { results: [] };
  if (zip) {
    try {
      const found = await postal.lookup(zip);
      body = {
        results: found
          .slice(0, MAX_RESULTS)
          .map(({ prefCode, prefecture, city, town }) => ({ prefCode, prefecture, city, town })),
      };
    } catch (error) {
      logger.warn({ err: error instanceof Error ? error.message : "unknown" }, "address search failed");
    }
  }
  return Response.json(body, { headers: { "cache-control": "private, max-age=3600" } });
}
