import { createPartnerApi } from "../../../app/api/partner/partner-api.server";
import { addDays, localDate } from "../../../common/calendar-date";
import { type ApiScope, createApiKey } from "../../../server/integrations/api-keys";
import { OWNER } from "../../fixtures/staff-actors";
import { apiHarness, ORIGIN } from "../harness";

/**
 * The whole HTTP stack with the API for programs mounted (issue 42), over a fresh database with the
 * demo sites; keys made as the back office makes them.
 */
export async function partnerHarness() {
  const h = await apiHarness();
  // apiHarness mounts the site's API; the build's entry gains the API for programs the same way.
  const { createApp } = await import("../../../server/http/app");
  const { serverBuild } = await import("../../fixtures/server-build");
  const { createJsonApi } = await import("../../../app/api/api.server");
  const base = serverBuild();
  const build = {
    ...base,
    entry: { module: { ...base.entry.module, createJsonApi, createPartnerApi } },
  } as typeof base;
  const app = createApp({ ...h.services, database: h.handle.server, build, mode: "production" });
  const makeKey = async (scopes: ApiScope[], rateLimit = 1000, siteId = "sakura") =>
    (await createApiKey(h.handle.forSite(siteId), siteId, OWNER, { name: "partner test", scopes, rateLimit })).secret;
  const call = (path: string, init: RequestInit & { key?: string; json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (init.key) headers.set("Authorization", `Bearer ${init.key}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    return app.request(`${ORIGIN}/api/partner/v1${path}`, { ...init, headers, body });
  };
  return { ...h, app, makeKey, call };
}

/** A period this many days ahead at the demo's stores (10:00 to 17:00, two days later). */
export function periodAhead(days: number) {
  const day = addDays(localDate(new Date(), "Asia/Tokyo"), days);
  return { pickup_date: day, pickup_time: "10:00", return_date: addDays(day, 2), return_time: "17:00" };
}

export const CUSTOMER = {
  name: "Jane Traveller",
  email: "jane.partner@example.com",
  tel: "+1 415 555 0100",
  country: "US",
  zip: "94103",
  address: "500 Howard St, San Francisco, CA",
};
