import { adminAuthJa } from "./auth.ja";
import { adminCommonJa } from "./common.ja";
import { adminPricesJa } from "./prices.ja";
import { adminStoresJa } from "./stores.ja";
import { adminTeamJa } from "./team.ja";

/**
 * The back office's messages (decision 029), Japanese: every key starts with `admin.`, one file
 * per area. English has the same keys (`en.ts`).
 */
export const adminJa = {
  ...adminCommonJa,
  ...adminAuthJa,
  ...adminTeamJa,
  ...adminStoresJa,
  ...adminPricesJa,
} as const;

export type AdminMessageKey = keyof typeof adminJa;
export type AdminMessages = Record<AdminMessageKey, string>;
