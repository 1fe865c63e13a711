/**
 * Integrations (issue 25), Japanese: API keys, webhooks, calendar feeds. One section per page;
 * English has the same keys (`integrations.en.ts`).
 */
export const adminIntegrationsJa = {
  "admin.nav.groupIntegrations": "外部連携",
  "admin.nav.apiKeys": "API キー",
  "admin.nav.webhooks": "Webhook",
  "admin.nav.calendarFeeds": "カレンダー配信",
  // API keys (app/routes/admin/api-keys.tsx)
  // Webhooks (app/routes/admin/webhooks.tsx, webhook-endpoint.tsx)
  // Calendar feeds (app/routes/admin/calendar-feeds.tsx)
} as const;
