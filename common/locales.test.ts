import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  detectBrowserLocale,
  localeFromPath,
  localizePath,
  parseLocaleCookie,
  pickLang,
  readCookie,
  rootLocale,
  siteLocales,
  stripLocale,
} from "./locales";

describe("locale from the path", () => {
  it("reads the prefix; no prefix is Japanese", () => {
    expect(localeFromPath("/sakura")).toBe("ja");
    expect(localeFromPath("/en/sakura")).toBe("en");
    expect(localeFromPath("/kr/sakura/store")).toBe("ko");
    expect(localeFromPath("/tw")).toBe("zh-TW");
    expect(localeFromPath("/")).toBe("ja");
    expect(localeFromPath("/english/sakura")).toBe("ja");
  });

  it("adds and strips prefixes symmetrically", () => {
    expect(localizePath("ja", "/sakura/store")).toBe("/sakura/store");
    expect(localizePath("en", "/sakura/store")).toBe("/en/sakura/store");
    expect(localizePath("ko", "/")).toBe("/kr");
    expect(stripLocale("/tw/sakura/c/company")).toBe("/sakura/c/company");
    expect(stripLocale("/en")).toBe("/");
    fc.assert(
      fc.property(
        fc.constantFrom("ja", "en", "ko", "zh-TW" as const),
        fc.stringMatching(/^\/[a-z]{3,8}(\/[a-z0-9]{1,5})*$/),
        (l, p) => {
          const localized = localizePath(l, p);
          expect(localeFromPath(localized)).toBe(l);
          expect(stripLocale(localized)).toBe(p);
        },
      ),
    );
  });
});

describe("locale cookie", () => {
  it("accepts the language codes and ignores anything else", () => {
    expect(parseLocaleCookie("en")).toBe("en");
    expect(parseLocaleCookie("jp")).toBe("ja");
    expect(parseLocaleCookie("kr")).toBe("ko");
    expect(parseLocaleCookie("tw")).toBe("zh-TW");
    expect(parseLocaleCookie("fr")).toBeNull();
    expect(parseLocaleCookie("")).toBeNull();
    expect(parseLocaleCookie(undefined)).toBeNull();
  });

  it("reads a cookie and survives malformed headers", () => {
    expect(readCookie("a=1; i18n_redirected=en; b=2", "i18n_redirected")).toBe("en");
    expect(readCookie("i18n_redirected=%E0%A4%A", "i18n_redirected")).toBeUndefined();
    expect(readCookie(";;=;garbage", "i18n_redirected")).toBeUndefined();
    expect(readCookie(null, "x")).toBeUndefined();
  });
});

describe("browser language detection", () => {
  it("picks the best supported language by q-value", () => {
    expect(detectBrowserLocale("en-US,en;q=0.9")).toBe("en");
    expect(detectBrowserLocale("ko-KR,ko;q=0.9,en;q=0.8")).toBe("ko");
    expect(detectBrowserLocale("zh-TW,zh;q=0.9")).toBe("zh-TW");
    expect(detectBrowserLocale("fr-FR,de;q=0.9,en;q=0.5")).toBe("en");
    expect(detectBrowserLocale("en;q=0.4,ja;q=0.8")).toBe("ja");
    expect(detectBrowserLocale("fr")).toBe("ja");
    expect(detectBrowserLocale("")).toBe("ja");
    expect(detectBrowserLocale(";;;q=abc,")).toBe("ja");
  });

  it("lets the cookie win over the browser on the root", () => {
    expect(rootLocale("tw", "en-US")).toBe("zh-TW");
    expect(rootLocale("garbage", "ko")).toBe("ko");
    expect(rootLocale(undefined, undefined)).toBe("ja");
  });
});

describe("site languages and fields", () => {
  it("always includes Japanese and keeps catalogue order", () => {
    expect(siteLocales("jp,en,kr,tw")).toEqual(["ja", "en", "ko", "zh-TW"]);
    expect(siteLocales("en")).toEqual(["ja", "en"]);
    expect(siteLocales("")).toEqual(["ja"]);
    expect(siteLocales("tw, kr")).toEqual(["ja", "ko", "zh-TW"]);
  });

  it("falls back to Japanese when a variant is empty", () => {
    const row = { title: "タイトル", titleEn: "Title", titleKr: "", titleTw: null };
    expect(pickLang(row, "title", "en")).toBe("Title");
    expect(pickLang(row, "title", "ko")).toBe("タイトル");
    expect(pickLang(row, "title", "zh-TW")).toBe("タイトル");
    expect(pickLang(row, "title", "ja")).toBe("タイトル");
  });
});
