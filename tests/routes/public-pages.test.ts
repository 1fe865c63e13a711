import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { publicPagesOf } from "#server/http/public-pages";
import { appRouteFiles, appRouteTable } from "#tests/fixtures/route-table";

// Decision 036: the page cache keeps what the routes mark `handle.publicCache`, read from the app's
// own route modules, so a new page is kept only if its module says so.

let isPublicPage: (pathname: string) => boolean;

beforeAll(async () => {
  const handles = new Map<string, unknown>();
  for (const file of appRouteFiles()) {
    const module = (await import(/* @vite-ignore */ path.resolve("app", file))) as { handle?: unknown };
    handles.set(file, module.handle);
  }
  const byFile = new Map(appRouteFiles().map((file) => [file, { handle: handles.get(file) }]));
  isPublicPage = publicPagesOf({ routes: appRouteTable((file) => byFile.get(file) ?? {}) });
});

describe("public pages, from the routes' handles", () => {
  it("the top, results, car type, fee, store and custom pages of every language, and their data requests", () => {
    for (const path of [
      "/sakura",
      "/en/sakura/",
      "/kr/sakura/reserve",
      "/tw/sakura/reserve/stores/3/cars/12",
      "/sakura/fee",
      "/en/sakura/store",
      "/sakura/store/3",
      "/sakura/c/access",
      "/kr/sakura/reserve.data",
    ]) {
      expect(isPublicPage(path), path).toBe(true);
    }
  });

  it("not the booking steps, accounts, My Page, the embedded flow, the back office or unknown paths", () => {
    for (const path of [
      "/",
      "/en",
      "/sakura/reserve/stores/3/cars/12/options",
      "/sakura/reserve/confirm",
      "/sakura/reserve/completed",
      "/sakura/login",
      "/en/sakura/mypage",
      "/sakura/custom_page",
      "/sakura/custom_page/stores/3/cars/12",
      "/sakura/custom_page/access",
      "/admin/sakura",
      "/admin/sakura/settings",
      "/sakura/sitemap.xml",
      "/sakura/no/such/page",
      "/api/v1/car-types",
    ]) {
      expect(isPublicPage(path), path).toBe(false);
    }
  });
});

describe("the rule", () => {
  const routes = (handles: { layout?: unknown; page?: unknown }) => ({
    root: { id: "root", path: "", module: {} },
    layout: { id: "layout", parentId: "root", path: ":siteId", module: { handle: handles.layout } },
    page: { id: "page", parentId: "layout", path: "fee", module: { handle: handles.page } },
  });
  const rule = (handles: { layout?: unknown; page?: unknown }) =>
    publicPagesOf({ routes: routes(handles) as never })("/sakura/fee");

  it("the page rendered decides, and a layout can only refuse", () => {
    expect(rule({ page: { publicCache: true } })).toBe(true);
    expect(rule({})).toBe(false);
    expect(rule({ layout: { publicCache: true } }), "a layout alone keeps nothing").toBe(false);
    expect(rule({ layout: { publicCache: false }, page: { publicCache: true } })).toBe(false);
  });
});
