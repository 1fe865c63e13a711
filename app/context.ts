import type { Db } from "../server/db/client";
import type { Logger } from "../server/logger";
import type { SiteCache } from "../server/sites/site-cache";

/** What the HTTP server hands every loader and action (built once at boot). */
export interface AppContext {
  db: Db;
  siteCache: SiteCache;
  logger: Logger;
  requestId: string;
  productAnalyticsId: string;
  providerUrl: string;
}

declare module "react-router" {
  interface AppLoadContext extends AppContext {}
}
