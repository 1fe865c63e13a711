/**
 * Blank sites of the e2e server (tests/e2e/setup-data.ts), one per back-office spec that changes
 * data, so no spec's changes reach another's pages. Each has an owner with the demo password.
 */
export const E2E_SITES = ["e2e-shell", "e2e-catalog", "e2e-prices", "e2e-settings", "e2e-content"] as const;
export type E2eSite = (typeof E2E_SITES)[number];

export const e2eOwner = (siteId: string) => `owner@${siteId}.example`;

/** What tests/e2e/setup-data.ts adds to the content spec's site: a member and a manager (demo password). */
export const E2E_CONTENT = {
  siteId: "e2e-content",
  member: "member@e2e-content.example",
  manager: "manager@e2e-content.example",
} as const;
