import { adminAuthEn } from "./auth.en";
import { adminCommonEn } from "./common.en";
import type { AdminMessages } from "./ja";
import { adminPricesEn } from "./prices.en";
import { adminStoresEn } from "./stores.en";
import { adminTeamEn } from "./team.en";

export const adminEn: AdminMessages = {
  ...adminCommonEn,
  ...adminAuthEn,
  ...adminTeamEn,
  ...adminStoresEn,
  ...adminPricesEn,
};
