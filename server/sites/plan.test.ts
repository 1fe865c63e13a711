import { describe, expect, it } from "vitest";
import { defaultPriceListPageUrl, PLAN, planFlags, priceListPath, shellFeatures } from "./plan";

describe("plan flags", () => {
  it("gives each tier exactly its flags", () => {
    expect(planFlags(PLAN.light)).toEqual({ isStandardOver: false, isStandardPlusOver: false, isPremiumOver: false });
    expect(planFlags(PLAN.standard)).toEqual({ isStandardOver: true, isStandardPlusOver: false, isPremiumOver: false });
    expect(planFlags(PLAN.standardPlus)).toEqual({
      isStandardOver: true,
      isStandardPlusOver: true,
      isPremiumOver: false,
    });
    expect(planFlags(PLAN.premium)).toEqual({ isStandardOver: true, isStandardPlusOver: true, isPremiumOver: true });
  });

  it("is monotonic: a higher tier never loses a flag", () => {
    for (let lower = 1; lower <= 4; lower++) {
      for (let higher = lower; higher <= 4; higher++) {
        const a = planFlags(lower);
        const b = planFlags(higher);
        for (const key of Object.keys(a) as (keyof typeof a)[]) {
          if (a[key]) expect(b[key], `${key} at ${higher} given ${lower}`).toBe(true);
        }
      }
    }
  });
});

describe("shell features", () => {
  it("hides the menu, footer and login for light", () => {
    expect(shellFeatures(PLAN.light, true)).toEqual({
      fullHeaderMenu: false,
      footer: false,
      loginLink: false,
      languageSwitcher: false,
    });
  });

  it("shows the menu, footer and login from standard, but no switcher", () => {
    expect(shellFeatures(PLAN.standard, true)).toEqual({
      fullHeaderMenu: true,
      footer: true,
      loginLink: true,
      languageSwitcher: false,
    });
  });

  it("shows the switcher from standard-plus only when the site is multi-language", () => {
    expect(shellFeatures(PLAN.standardPlus, true).languageSwitcher).toBe(true);
    expect(shellFeatures(PLAN.premium, true).languageSwitcher).toBe(true);
    expect(shellFeatures(PLAN.premium, false).languageSwitcher).toBe(false);
  });
});

describe("price-list entry (clients 83 and 51)", () => {
  it("uses the custom page pricelist for 83 and 51 only", () => {
    expect(defaultPriceListPageUrl(83)).toBe("pricelist");
    expect(defaultPriceListPageUrl(51)).toBe("pricelist");
    expect(defaultPriceListPageUrl(12)).toBeNull();
    expect(defaultPriceListPageUrl(84)).toBeNull();
  });

  it("links to the custom page when set, else to /fee", () => {
    expect(priceListPath("pricelist")).toBe("/c/pricelist");
    expect(priceListPath(null)).toBe("/fee");
  });
});
