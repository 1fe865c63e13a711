import { describe, expect, it } from "vitest";
import { absoluteUrl, alternates, canonicalQuery, canonicalUrl, excerpt, pagePath, plainText } from "./seo";

const ORIGIN = "https://booking.example.com";

describe("canonical URLs", () => {
  it("takes the locale prefix and the trailing slash off a page path", () => {
    expect(pagePath("/en/sakura/store/")).toBe("/sakura/store");
    expect(pagePath("/tw/sakura")).toBe("/sakura");
    expect(pagePath("/sakura/c/faq")).toBe("/sakura/c/faq");
    expect(pagePath("/en")).toBe("/");
  });

  it("keeps only the parameters that define the page, in their given order", () => {
    expect(canonicalQuery("?utm_source=x&si=2&gclid=abc", ["si"])).toBe("?si=2");
    expect(canonicalQuery("?si=2&utm_source=x")).toBe("");
    expect(canonicalQuery("?ed=2026-01-03&sd=2026-01-01&x=1", ["sd", "ed"])).toBe("?sd=2026-01-01&ed=2026-01-03");
    expect(canonicalQuery("?si=&si=3", ["si"])).toBe("");
    expect(canonicalQuery("", ["si"])).toBe("");
  });

  it("names the page in its own language with the site's origin", () => {
    expect(canonicalUrl(ORIGIN, "ja", "/sakura/store/2")).toBe(`${ORIGIN}/sakura/store/2`);
    expect(canonicalUrl(ORIGIN, "ko", "/sakura/fee", "?si=2")).toBe(`${ORIGIN}/kr/sakura/fee?si=2`);
    expect(canonicalUrl("http://127.0.0.1:4176", "zh-TW", "/sakura")).toBe("http://127.0.0.1:4176/tw/sakura");
  });

  it("lists one alternate per offered language in BCP 47, then x-default on the Japanese page", () => {
    expect(alternates(ORIGIN, ["zh-TW", "ja", "en", "ko"], "/sakura/c/faq")).toEqual([
      { hreflang: "ja", href: `${ORIGIN}/sakura/c/faq` },
      { hreflang: "en", href: `${ORIGIN}/en/sakura/c/faq` },
      { hreflang: "ko", href: `${ORIGIN}/kr/sakura/c/faq` },
      { hreflang: "zh-TW", href: `${ORIGIN}/tw/sakura/c/faq` },
      { hreflang: "x-default", href: `${ORIGIN}/sakura/c/faq` },
    ]);
    expect(alternates(ORIGIN, ["ja"], "/fuji").map((a) => a.hreflang)).toEqual(["ja", "x-default"]);
  });

  it("makes image paths absolute and leaves absolute URLs alone", () => {
    expect(absoluteUrl(ORIGIN, "/demo/sakura/hero.svg")).toBe(`${ORIGIN}/demo/sakura/hero.svg`);
    expect(absoluteUrl(ORIGIN, "https://cdn.example.net/a.jpg")).toBe("https://cdn.example.net/a.jpg");
  });
});

describe("description from client text", () => {
  it("drops the markup: headings, lists, tables, links and any HTML", () => {
    const source = [
      "## Rates",
      "",
      "Prices include tax. See [the FAQ](/sakura/c/faq).",
      "",
      "- Kei car",
      "- Compact",
      "",
      "| Class | 1 day |",
      "|---|---:|",
      "| S | 5,000 |",
      "",
      "<b>Bold</b> text",
    ].join("\n");
    expect(plainText(source)).toBe(
      "Rates Prices include tax. See the FAQ. Kei car Compact Class 1 day S 5,000 Bold text",
    );
  });

  it("keeps short text whole and cuts long text near the limit with an ellipsis", () => {
    expect(excerpt("Short text.", 120)).toBe("Short text.");
    const latin = "word ".repeat(40).trim();
    const cut = excerpt(latin, 120);
    expect(Array.from(cut).length).toBeLessThanOrEqual(120);
    expect(cut.endsWith("word…")).toBe(true);
    const cjk = "沖縄でレンタカーを借りるなら。".repeat(20);
    const cjkCut = excerpt(cjk, 120);
    expect(Array.from(cjkCut)).toHaveLength(120);
    expect(cjkCut.endsWith("…")).toBe(true);
  });
});
