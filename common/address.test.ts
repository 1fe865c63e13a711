import { describe, expect, it } from "vitest";
import {
  addressPlace,
  checkAddress,
  countryCode,
  countryName,
  countryOptions,
  hasPostalCode,
  isJapanese,
  postalCode,
} from "./address";

const abroad = (country: string, zip: string, zipRequired = true) =>
  checkAddress({ zip, pref_code: "48", country }, { zipRequired });

describe("addresses abroad", () => {
  it("keeps Japan's 7-digit postal code for a prefecture", () => {
    expect(checkAddress({ zip: "900-0015", pref_code: "47", country: "" }, { zipRequired: true })).toEqual({
      issues: [],
      zip: "9000015",
      country: "JP",
      prefCode: 47,
    });
    expect(checkAddress({ zip: "04524", pref_code: "47", country: "JP" }, { zipRequired: true }).issues).toEqual([
      { field: "zip", code: "zip_invalid" },
    ]);
  });

  it("needs a country for prefecture 48, as a code or a country's name", () => {
    expect(abroad("", "04524").issues).toContainEqual({ field: "country", code: "country_required" });
    expect(abroad("Narnia", "04524").issues).toContainEqual({ field: "country", code: "invalid_choice" });
    expect(abroad("South Korea", "04524")).toEqual({ issues: [], zip: "04524", country: "KR", prefCode: 48 });
    expect(countryCode("kr")).toBe("KR");
    expect(countryCode("台湾")).toBe("TW");
    expect(countryCode("대한민국")).toBe("KR");
  });

  it("follows Korea's five digits", () => {
    expect(abroad("KR", "04524")).toEqual({ issues: [], zip: "04524", country: "KR", prefCode: 48 });
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
    expect(abroad("HK", "")).toEqual({ issues: [], zip: "", country: "HK", prefCode: 48 });
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

describe("the country decides the address's rules (issue 40: the country first)", () => {
  const form = (country: string, pref_code: string, zip: string) =>
    checkAddress({ country, pref_code, zip }, { zipRequired: true, prefRequired: true, countryRequired: true });

  it("asks an address in Japan for a prefecture 1–47 and 7 digits", () => {
    expect(form("JP", "47", "900-0015")).toEqual({ issues: [], zip: "9000015", country: "JP", prefCode: 47 });
    expect(form("JP", "", "9000015").issues).toEqual([{ field: "pref_code", code: "pref_required" }]);
    expect(form("JP", "48", "9000015").issues).toEqual([{ field: "pref_code", code: "invalid_choice" }]);
    expect(form("JP", "13", "12345").issues).toEqual([{ field: "zip", code: "zip_invalid" }]);
    expect(form("JP", "13", "").issues).toEqual([{ field: "zip", code: "zip_required" }]);
  });

  it("asks any other country for no prefecture and its own postal code, and stores 48", () => {
    expect(form("KR", "", "04524")).toEqual({ issues: [], zip: "04524", country: "KR", prefCode: 48 });
    expect(form("US", "", "94103-1234")).toEqual({ issues: [], zip: "94103-1234", country: "US", prefCode: 48 });
    expect(form("TW", "", "100")).toEqual({ issues: [], zip: "100", country: "TW", prefCode: 48 });
    // A free-format code where the country's form is not known, within letters, digits, spaces and hyphens.
    expect(form("FO", "", "fo-100")).toEqual({ issues: [], zip: "FO-100", country: "FO", prefCode: 48 });
    expect(form("FO", "", "<b>").issues).toEqual([{ field: "zip", code: "postal_invalid" }]);
    expect(form("KR", "", "").issues).toEqual([{ field: "zip", code: "zip_required" }]);
    expect(form("HK", "", "").issues).toEqual([]);
  });

  it("ignores a prefecture left chosen when another country is chosen (no JavaScript, or hidden by the form)", () => {
    expect(form("KR", "13", "04524")).toEqual({ issues: [], zip: "04524", country: "KR", prefCode: 48 });
    expect(form("KR", "13", "900-0015").issues).toEqual([{ field: "zip", code: "postal_invalid" }]);
  });

  it("needs a country when nothing says where the address is", () => {
    expect(form("", "", "").issues).toEqual([
      { field: "country", code: "country_required" },
      { field: "zip", code: "zip_required" },
    ]);
    expect(form("Narnia", "", "1").issues).toEqual([{ field: "country", code: "invalid_choice" }]);
  });

  it("places older data and clients without a country by the prefecture", () => {
    expect(addressPlace("13", "")).toEqual({ country: "JP", overseas: false });
    expect(addressPlace("48", "")).toEqual({ country: null, overseas: true });
    expect(addressPlace("13", "KR")).toEqual({ country: "KR", overseas: true });
    expect(isJapanese("", "JP")).toBe(true);
    expect(isJapanese("48", "US")).toBe(false);
    expect(isJapanese("13", "")).toBe(true);
  });

  it("places a form without the country by its prefecture, 48 being abroad", () => {
    const hiddenCountry = (pref_code: string, zip: string) =>
      checkAddress({ country: "", pref_code, zip }, { zipRequired: true, countryShown: false, prefRequired: true });
    expect(hiddenCountry("47", "9000015")).toEqual({ issues: [], zip: "9000015", country: "JP", prefCode: 47 });
    expect(hiddenCountry("48", "04524")).toEqual({ issues: [], zip: "04524", country: "", prefCode: 48 });
    expect(hiddenCountry("", "9000015").issues).toEqual([{ field: "pref_code", code: "pref_required" }]);
  });
});
