import type { adminIntegrationsJa } from "./integrations.ja";

/** Integrations (issue 25), in English: the same keys as `integrations.ja.ts`. */
export const adminIntegrationsEn: Record<keyof typeof adminIntegrationsJa, string> = {
  "admin.nav.groupIntegrations": "Integrations",
  "admin.nav.apiKeys": "API keys",
  "admin.nav.webhooks": "Webhooks",
  "admin.nav.calendarFeeds": "Calendar feeds",
  // API keys (app/routes/admin/api-keys.tsx)
  // Webhooks (app/routes/admin/webhooks.tsx, webhook-endpoint.tsx)
  // Calendar feeds (app/routes/admin/calendar-feeds.tsx)
};
