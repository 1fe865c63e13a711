/** Usage plan tiers (spec §1): light 1, standard 2, standard-plus 3, premium 4. */
export const PLAN = { light: 1, standard: 2, standardPlus: 3, premium: 4 } as const;
export type PlanType = (typeof PLAN)[keyof typeof PLAN];

export interface PlanFlags {
  isStandardOver: boolean;
  isStandardPlusOver: boolean;
  isPremiumOver: boolean;
}

/** Flags are monotonic: a higher tier has every flag of a lower one. */
export function planFlags(plan: number): PlanFlags {
  return {
    isStandardOver: plan >= PLAN.standard,
    isStandardPlusOver: plan >= PLAN.standardPlus,
    isPremiumOver: plan >= PLAN.premium,
  };
}

export interface ShellFeatures {
  fullHeaderMenu: boolean;
  footer: boolean;
  loginLink: boolean;
  languageSwitcher: boolean;
}

/** What the header and footer show for a plan (spec §1, §2). */
export function shellFeatures(plan: number, multiLanguage: boolean): ShellFeatures {
  const flags = planFlags(plan);
  return {
    fullHeaderMenu: flags.isStandardOver,
    footer: flags.isStandardOver,
    loginLink: flags.isStandardOver,
    languageSwitcher: flags.isStandardPlusOver && multiLanguage,
  };
}

/** Clients 83 and 51 point their price-list entry at the custom page `pricelist` (spec §2). */
const PRICE_LIST_PAGE_CLIENTS = new Set([83, 51]);
export function defaultPriceListPageUrl(clientId: number): string | null {
  return PRICE_LIST_PAGE_CLIENTS.has(clientId) ? "pricelist" : null;
}

/** The price-list menu entry: the custom page when configured, otherwise the fee page. */
export function priceListPath(priceListPageUrl: string | null): string {
  return priceListPageUrl ? `/c/${priceListPageUrl}` : "/fee";
}
