import { describe, expect, it } from "vitest";
import { checkAddress, countryCode, countryName, countryOptions, hasPostalCode, postalCode } from "./address";

const abroad = (country: string, zip: string, zipRequired = true) =>
  checkAddress({ zip, pref_code: "48", country }, { zipRequired });

describe("addresses abroad", () => {
  it("keeps Japan's 7-digit postal code for a prefecture", () => {
    expect(checkAddress({ zip: "900-0015", pref_code: "47", country: "" }, { zipRequired: true })).toEqual({
      issues: [],
      zip: "9000015",
      country: "JP",
    });
    expect(checkAddress({ zip: "04524", pref_code: "47", country: "KR" }, { zipRequired: true }).issues).toEqual([
      { field: "zip", code: "zip_invalid" },
    ]);
  });

  it("needs a country for prefecture 48, as a code or a country's name", () => {
    expect(abroad("", "04524").issues).toContainEqual({ field: "country", code: "country_required" });
    expect(abroad("Narnia", "04524").issues).toContainEqual({ field: "country", code: "invalid_choice" });
    expect(abroad("South Korea", "04524")).toEqual({ issues: [], zip: "04524", country: "KR" });
    expect(countryCode("kr")).toBe("KR");
    expect(countryCode("台湾")).toBe("TW");
    expect(countryCode("대한민국")).toBe("KR");
  });

  it("follows Korea's five digits", () => {
    expect(abroad("KR", "04524")).toEqual({ issues: [], zip: "04524", country: "KR" });
    expect(abroad("KR", "０４５２４").zip).toBe("04524");
    expect(abroad("KR", "900-0015").issues).toEqual([{ field: "zip", code: "postal_invalid" }]);
  });

  it("follows Taiwan's 3, 5 or 6 digits", () => {
    for (const zip of ["100", "10058", "100001"]) expect(abroad("TW", zip).issues, zip).toEqual([]);
    expect(abroad("TW", "1000").issues).toEqual([{ field: "zip", code: "postal_invalid" }]);
  });

  it("follows the USA's ZIP and ZIP+4", () => {
    expect(abroad("US", "94103").zip).toBe("94103");
    expect(abroad("US", "94103-1234").zip).toBe("94103-1234");
    expect(abroad("US", "9410").issues).toEqual([{ field: "zip", code: "postal_invalid" }]);
  });

  it("leaves the postal code optional where the country has none (Hong Kong)", () => {
    expect(hasPostalCode("HK")).toBe(false);
    expect(abroad("HK", "")).toEqual({ issues: [], zip: "", country: "HK" });
    expect(abroad("US", "").issues).toEqual([{ field: "zip", code: "zip_required" }]);
  });

  it("refuses garbage with a field error, never a throw", () => {
    for (const zip of ["<script>", "1234567890123", "!!!", "郵便"]) {
      expect(abroad("GB", zip).issues, zip).toEqual([{ field: "zip", code: "postal_invalid" }]);
      expect(abroad("FO", zip).issues, zip).toEqual([{ field: "zip", code: "postal_invalid" }]);
    }
    expect(postalCode("GB", "sw1a 1aa")).toBe("SW1A 1AA");
  });

  it("names countries in the page's language and offers the likely one first", () => {
    expect(countryName("KR", "ko")).toBe("대한민국");
    expect(countryName("TW", "zh-TW")).toBe("台灣");
    expect(countryName("US", "en")).toBe("United States");
    expect(countryOptions("ko")[0]).toEqual({ value: "KR", label: "대한민국" });
    expect(countryOptions("zh-TW")[0]?.value).toBe("TW");
    expect(countryOptions("en")[0]?.value).toBe("US");
    expect(countryOptions("ja")[0]?.value).toBe("JP");
    expect(countryOptions("en")).toHaveLength(249);
  });
});
