import { adminAuthEn } from "./auth.en";
import { adminCommonEn } from "./common.en";
import { adminContentEn } from "./content.en";
import type { AdminMessages } from "./ja";
import { adminStoresEn } from "./stores.en";
import { adminTeamEn } from "./team.en";

export const adminEn: AdminMessages = {
  ...adminCommonEn,
  ...adminAuthEn,
  ...adminTeamEn,
  ...adminStoresEn,
  ...adminContentEn,
};
