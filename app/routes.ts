import { index, layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";

/**
 * Every page exists without a prefix (Japanese) and under /en, /kr and /tw (spec §2).
 * The prefixed trees come first so that `/en/...` is never read as a site called "en".
 */
const LOCALE_PREFIXES = ["en", "kr", "tw", ""];

function localeRoutes(prefix: string) {
  const id = (name: string) => `${prefix || "ja"}/${name}`;
  const at = (path: string) => (prefix ? `${prefix}/${path}` : path);
  /** The pages of a layout, under the one error boundary that renders inside that layout. */
  const pages = (layoutName: string, children: RouteConfigEntry[]) =>
    layout("routes/site/pages.tsx", { id: id(`${layoutName}-pages`) }, children);
  return [
    route(prefix || "/", "routes/language-root.tsx", { id: id("language-root") }),
    route(at("404"), "routes/not-found.tsx", { id: id("404") }),
    route(at(":siteId"), "routes/site/site.tsx", { id: id("site") }, [
      // One sitemap per site, not per language: it lists every language's pages.
      ...(prefix ? [] : [route("sitemap.xml", "routes/site/sitemap.ts", { id: "sitemap" })]),
      layout("routes/site/default-layout.tsx", { id: id("default-layout") }, [
        pages("default", [
          index("routes/site/top.tsx", { id: id("top") }),
          route("reserve", "routes/site/reserve.tsx", { id: id("reserve") }),
          route("reserve/stores/:storeId/cars/:carTypeId", "routes/site/car-type.tsx", { id: id("car-type") }),
          route("fee", "routes/site/fee.tsx", { id: id("fee") }),
          route("store", "routes/site/store-list.tsx", { id: id("store-list") }),
          route("store/:storeId", "routes/site/store-detail.tsx", { id: id("store-detail") }),
          route("c/:url", "routes/site/custom-page.tsx", { id: id("custom-page") }),
          route("custom_page/:url", "routes/site/custom-page.tsx", { id: id("custom-page-alias") }),
          route("*", "routes/site/not-found.tsx", { id: id("site-not-found") }),
        ]),
      ]),
      layout("routes/site/bare-layout.tsx", { id: id("bare-layout") }, [
        pages("bare", [route("custom_page", "routes/site/embedded-top.tsx", { id: id("embedded-top") })]),
      ]),
      layout("routes/site/alt-layout.tsx", { id: id("alt-layout") }, [
        pages("alt", [route("unpublished", "routes/site/unpublished.tsx", { id: id("unpublished") })]),
      ]),
    ]),
  ];
}

export default [
  route("robots.txt", "routes/robots.ts", { id: "robots" }),
  ...LOCALE_PREFIXES.flatMap(localeRoutes),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;
