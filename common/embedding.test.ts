import { describe, expect, it } from "vitest";
import {
  cookieAttributes,
  embeddedPath,
  embedOriginAllowed,
  frameAncestors,
  fullSitePath,
  isEmbeddedPath,
  isEmbedOriginPattern,
  scopedCookieName,
} from "./embedding";

describe("embedded paths", () => {
  it("are /{site}/custom_page and below, in every language, data requests included", () => {
    for (const path of [
      "/sakura/custom_page",
      "/sakura/custom_page/",
      "/sakura/custom_page.data",
      "/en/sakura/custom_page/confirm",
      "/kr/sakura/custom_page/stores/1/cars/2/options.data",
      "/tw/sakura/custom_page/faq",
    ])
      expect(isEmbeddedPath(path), path).toBe(true);
    for (const path of [
      "/sakura",
      "/sakura/reserve",
      "/sakura/c/faq",
      "/sakura/custom_pages",
      "/custom_page",
      "/_simulator/3ds/x",
    ])
      expect(isEmbeddedPath(path), path).toBe(false);
  });

  it("map the site's booking pages onto their embedded twins and back", () => {
    const pairs: [string, string][] = [
      ["/sakura/reserve", "/sakura/custom_page"],
      ["/sakura/reserve?sd=2026-12-01&si=1", "/sakura/custom_page?sd=2026-12-01&si=1"],
      ["/en/sakura/reserve/stores/1/cars/2?sd=x", "/en/sakura/custom_page/stores/1/cars/2?sd=x"],
      ["/kr/sakura/reserve/stores/1/cars/2/options", "/kr/sakura/custom_page/stores/1/cars/2/options"],
      ["/tw/sakura/reserve/confirm", "/tw/sakura/custom_page/confirm"],
      ["/sakura/reserve/credit_card?reservation=3", "/sakura/custom_page/credit_card?reservation=3"],
      ["/sakura/reserve/completed", "/sakura/custom_page/completed"],
      ["/sakura/reserve/login", "/sakura/custom_page/login"],
      ["/sakura/reserve/user", "/sakura/custom_page/user"],
    ];
    for (const [full, embedded] of pairs) {
      expect(embeddedPath(full)).toBe(embedded);
      expect(fullSitePath(embedded)).toBe(full);
    }
  });

  it("leave every other page where it is; an embedded custom page's own page is /c/{url}", () => {
    for (const path of ["/sakura", "/sakura/mypage", "/sakura/reserves", "/sakura/store/1", "/en/sakura/user/regist"])
      expect(embeddedPath(path)).toBe(path);
    expect(fullSitePath("/en/sakura/custom_page/faq")).toBe("/en/sakura/c/faq");
    expect(fullSitePath("/sakura/custom_page/confirm.data")).toBe("/sakura/reserve/confirm");
    expect(fullSitePath("/sakura/reserve")).toBe("/sakura/reserve");
  });
});

describe("embed origins", () => {
  it("accept *, http(s) origins and a port wildcard, nothing else", () => {
    for (const ok of [
      "*",
      "https://www.example.com",
      "http://localhost:*",
      "http://127.0.0.1:8080",
      "https://*.example.jp",
    ])
      expect(isEmbedOriginPattern(ok), ok).toBe(true);
    for (const bad of [
      "",
      "example.com",
      "https://example.com/",
      "https://example.com/path",
      "javascript:alert(1)",
      "https://exa mple.com",
      "'self'",
      "https://example.com; script-src *",
      "ftp://example.com",
    ])
      expect(isEmbedOriginPattern(bad), bad).toBe(false);
  });

  it("match an origin by scheme, host and port", () => {
    const list = ["https://www.example.com", "http://localhost:*", "https://*.rent.example"];
    expect(embedOriginAllowed("https://www.example.com", list)).toBe(true);
    expect(embedOriginAllowed("https://www.example.com:443", list)).toBe(false); // not an origin as browsers send it
    expect(embedOriginAllowed("http://www.example.com", list)).toBe(false);
    expect(embedOriginAllowed("https://www.example.com:8443", list)).toBe(false);
    expect(embedOriginAllowed("https://evil-www.example.com", list)).toBe(false);
    expect(embedOriginAllowed("http://localhost:4173", list)).toBe(true);
    expect(embedOriginAllowed("http://127.0.0.1:4173", list)).toBe(false);
    expect(embedOriginAllowed("https://shop.rent.example", list)).toBe(true);
    expect(embedOriginAllowed("https://rent.example", list)).toBe(false);
    expect(embedOriginAllowed("null", list)).toBe(false);
    expect(embedOriginAllowed("https://anything.example", ["*"])).toBe(true);
  });

  it("become CSP frame-ancestors: this origin plus the list, * alone, invalid entries dropped", () => {
    expect(frameAncestors([])).toBe("'self'");
    expect(frameAncestors(["https://www.example.com", "http://localhost:*"])).toBe(
      "'self' https://www.example.com http://localhost:*",
    );
    expect(frameAncestors(["https://a.example", "*"])).toBe("*");
    expect(frameAncestors(["https://a.example; script-src *"])).toBe("'self'");
  });
});

describe("embedded cookies", () => {
  it("have names of their own and are partitioned, SameSite=None and Secure", () => {
    expect(scopedCookieName("csrf", true)).toBe("csrf_embed");
    expect(scopedCookieName("sid_sakura", false)).toBe("sid_sakura");
    expect(cookieAttributes(new URL("http://localhost:3000/sakura/custom_page"))).toBe(
      "SameSite=None; Secure; Partitioned",
    );
    expect(cookieAttributes(new URL("https://booking.example/en/sakura/custom_page/confirm"))).toBe(
      "SameSite=None; Secure; Partitioned",
    );
  });

  it("on the site's own pages are Lax, and Secure exactly when the public scheme is https (decision 026)", () => {
    expect(cookieAttributes(new URL("https://booking.example/sakura"))).toBe("SameSite=Lax; Secure");
    expect(cookieAttributes(new URL("http://127.0.0.1:4173/sakura"))).toBe("SameSite=Lax");
    expect(cookieAttributes(new URL("http://booking.example/sakura"))).toBe("SameSite=Lax");
  });
});
