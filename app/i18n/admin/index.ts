import type { AdminLocale } from "#common/admin";
import { adminEn } from "./en";
import { type AdminMessageKey, type AdminMessages, adminJa } from "./ja";

export type { AdminMessageKey, AdminMessages };

/** Both back-office catalogues. Server-side: the browser gets its language's in the catalogue asset. */
export const ADMIN_CATALOGUES: Record<AdminLocale, AdminMessages> = { ja: adminJa, en: adminEn };
