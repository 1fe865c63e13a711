/**
 * An analytics or tag-manager id as a site may set it (`G-SAKURA8301`, `GTM-SAKURA83`): letters,
 * digits and hyphens only, since it is written into an inline script. The public layout
 * (app/components/analytics.tsx) and the back office's form check the same rule.
 */
const TRACKING_ID = /^[A-Za-z0-9-]{1,40}$/;

export const TRACKING_ID_MAX = 40;

export function isTrackingId(value: string): boolean {
  return TRACKING_ID.test(value);
}
