import type { adminFrameJa } from "./frame.ja";

/** The back office's frame (issue 41), in English: the same keys as `frame.ja.ts`. */
export const adminFrameEn: Record<keyof typeof adminFrameJa, string> = {
  "admin.search.label": "Search bookings and members",
  "admin.search.placeholder": "Booking no., name or phone",
  "admin.search.submit": "Search",
  "admin.nav.menu": "Menu",
  "admin.reason.choose_from": "“{value}” is not on this site. Use one of: {choices}",
  "admin.nav.close": "Close",
};
