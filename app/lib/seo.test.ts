import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import type { SiteShell } from "#app/presenters/shell.server";
import { headTags, type SiteHead, textDescription } from "./seo";

const ORIGIN = "http://127.0.0.1:4176";

function shell(over: Partial<SiteShell> = {}): SiteShell {
  return {
    siteId: "demo",
    locale: "en",
    locales: ["ja", "en"],
    title: "Demo Cars",
    seo: {},
    ...over,
  } as SiteShell;
}

const head = (image: string | null = null): SiteHead => ({ origin: ORIGIN, image });

const content = (tags: MetaDescriptor[], key: string, value: string) =>
  tags.filter((t) => (t as Record<string, unknown>)[key] === value).map((t) => (t as { content?: string }).content);
const links = (tags: MetaDescriptor[], rel: string) =>
  tags
    .filter((t) => "tagName" in t && t.tagName === "link" && (t as { rel?: string }).rel === rel)
    .map((t) => t as { hrefLang?: string; href: string });
const titleOf = (tags: MetaDescriptor[]) => (tags.find((t) => "title" in t) as { title: string }).title;

describe("page head", () => {
  const input = (over: Partial<Parameters<typeof headTags>[0]> = {}) => ({
    shell: shell(),
    head: head(),
    pathname: "/en/demo/store/2/",
    search: "?utm_source=mail&month=2026-05",
    ...over,
  });

  it("without SEO settings: page title | site title, and the page's own description, never the top's", () => {
    const tags = headTags(input({ shell: shell({ seo: { top: { title: "Top", description: "Top text" } } }) }), {
      kind: "store_detail",
      title: "Airport Store",
      description: "Airport Store, 1-1 Naha",
    });
    expect(titleOf(tags)).toBe("Airport Store | Demo Cars");
    expect(content(tags, "name", "description")).toEqual(["Airport Store, 1-1 Naha"]);
    expect(content(tags, "property", "og:description")).toEqual(["Airport Store, 1-1 Naha"]);
  });

  it("a kind's SEO setting wins, with the page's own title in front when the kind is shared", () => {
    const seo = {
      store_detail: { title: "Store info | Demo", description: "Our stores." },
      "custom_page:faq": { title: "FAQ!", description: "" },
    };
    const store = headTags(input({ shell: shell({ seo }) }), {
      kind: "store_detail",
      shared: true,
      title: "Airport",
      description: "x",
    });
    expect(titleOf(store)).toBe("Airport | Store info | Demo");
    expect(content(store, "name", "description")).toEqual(["Our stores."]);
    const fee = headTags(input({ shell: shell({ seo: { fee: { title: "Rates | Demo", description: "" } } }) }), {
      kind: "fee",
      title: "Plans",
      description: "Our plans.",
    });
    expect(titleOf(fee)).toBe("Rates | Demo");
    expect(content(fee, "name", "description")).toEqual(["Our plans."]);
    const faq = headTags(input({ shell: shell({ seo }) }), {
      kind: "custom_page:faq",
      title: "FAQ",
      description: "Questions",
    });
    expect(titleOf(faq)).toBe("FAQ!");
    expect(content(faq, "name", "description")).toEqual(["Questions"]);
  });

  it("the top page uses the site title and has no description when nothing is set", () => {
    const tags = headTags(input({ pathname: "/en/demo", search: "" }), { kind: "top" });
    expect(titleOf(tags)).toBe("Demo Cars");
    expect(content(tags, "name", "description")).toEqual([]);
  });

  it("canonical drops tracking and unknown parameters, alternates name every language and x-default", () => {
    const tags = headTags(input(), { kind: "store_detail", title: "Airport" });
    expect(links(tags, "canonical").map((l) => l.href)).toEqual([`${ORIGIN}/en/demo/store/2`]);
    expect(links(tags, "alternate").map((l) => [l.hrefLang, l.href])).toEqual([
      ["ja", `${ORIGIN}/demo/store/2`],
      ["en", `${ORIGIN}/en/demo/store/2`],
      ["x-default", `${ORIGIN}/demo/store/2`],
    ]);
    expect(content(tags, "property", "og:url")).toEqual([`${ORIGIN}/en/demo/store/2`]);
    expect(content(tags, "property", "og:locale")).toEqual(["en_US"]);
    expect(content(tags, "property", "og:locale:alternate")).toEqual(["ja_JP"]);
    expect(content(tags, "property", "og:type")).toEqual(["website"]);
  });

  it("keeps the parameters that define the page and follows an alias to its canonical path", () => {
    const fee = headTags(input({ pathname: "/en/demo/fee", search: "?gclid=1&si=3" }), { kind: "fee", query: ["si"] });
    expect(links(fee, "canonical")[0]?.href).toBe(`${ORIGIN}/en/demo/fee?si=3`);
    expect(links(fee, "alternate")[0]?.href).toBe(`${ORIGIN}/demo/fee?si=3`);
    const alias = headTags(input({ pathname: "/en/demo/custom_page/faq" }), {
      kind: "custom_page:faq",
      path: "/c/faq",
    });
    expect(links(alias, "canonical")[0]?.href).toBe(`${ORIGIN}/en/demo/c/faq`);
  });

  it("marks noindex pages and only those", () => {
    const results = headTags(input({ pathname: "/en/demo/reserve", search: "?sd=2026-05-01" }), {
      kind: "reserve",
      noindex: true,
    });
    expect(content(results, "name", "robots")).toEqual(["noindex"]);
    expect(links(results, "canonical")[0]?.href).toBe(`${ORIGIN}/en/demo/reserve`);
    expect(content(headTags(input(), { kind: "store" }), "name", "robots")).toEqual([]);
  });

  it("keeps an embedded page out of indexes and names the site's own page as canonical (decision 025)", () => {
    const car = headTags(
      input({ shell: shell({ embedded: true }), pathname: "/en/demo/custom_page/stores/1/cars/2", search: "?sd=1" }),
      { kind: "car_type" },
    );
    expect(content(car, "name", "robots")).toEqual(["noindex"]);
    expect(links(car, "canonical")[0]?.href).toBe(`${ORIGIN}/en/demo/reserve/stores/1/cars/2`);
    const search = headTags(input({ shell: shell({ embedded: true }), pathname: "/demo/custom_page", search: "" }), {
      kind: "reserve",
    });
    expect(links(search, "canonical")[0]?.href).toBe(`${ORIGIN}/en/demo/reserve`);
  });

  it("og:image: the site's image first, else the page's own, made absolute", () => {
    const page = { kind: "car_type", title: "Wagon", image: "/demo/cars/wagon.svg" };
    expect(content(headTags(input({ head: head(`${ORIGIN}/hero.svg`) }), page), "property", "og:image")).toEqual([
      `${ORIGIN}/hero.svg`,
    ]);
    expect(content(headTags(input(), page), "property", "og:image")).toEqual([`${ORIGIN}/demo/cars/wagon.svg`]);
    expect(content(headTags(input(), { kind: "store" }), "property", "og:image")).toEqual([]);
  });

  it("describes a custom page by the start of its text", () => {
    expect(textDescription("## Company\n\nSakura Rent-a-Car, since 2014.")).toBe(
      "Company Sakura Rent-a-Car, since 2014.",
    );
  });
});
