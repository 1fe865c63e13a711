import { matchRoutes, type RouteObject, RouterContextProvider, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { groupedRequestHandler, groupOfPath, routeGroups } from "#server/http/route-groups";
import { appRouteTable, type FlatRoutes } from "#tests/fixtures/route-table";
import { serverBuild } from "#tests/fixtures/server-build";

// Decision 031: one React Router handler per language tree. Every page must be matched by its
// group's handler exactly as the whole route table matched it, and route discovery must answer
// for paths of every language at once.

const FLAT: FlatRoutes = appRouteTable();

/** The nested route objects of the routes with these ids. */
function tree(ids: Set<string> | null, parentId = "root"): RouteObject[] {
  return Object.values(FLAT)
    .filter((r) => r?.parentId === parentId && (!ids || ids.has(r.id)))
    .map((r) => {
      const route = r as FlatRoutes[string] & { id: string };
      const children = tree(ids, route.id);
      return route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, ...(children.length ? { children } : {}) };
    });
}

const leaf = (routeTree: RouteObject[], path: string) => matchRoutes(routeTree, path)?.at(-1)?.route.id ?? null;

/** A concrete path for each pattern: the demo site, numeric ids, a two-segment splat. */
function samplePaths(): string[] {
  const paths = new Set<string>([
    "/",
    "/en",
    "/kr/",
    "/tw/sakura",
    "/en/404",
    "/xx/sakura",
    "/EN/sakura",
    "/%65n/sakura",
  ]);
  for (const id of Object.keys(FLAT)) {
    let path = "";
    for (let r = FLAT[id]; r; r = r.parentId ? FLAT[r.parentId] : undefined) if (r.path) path = `${r.path}/${path}`;
    const concrete = `/${path}`
      .replace(/:siteId/g, "sakura")
      .replace(/:[a-zA-Z]+/g, "12")
      .replace(/\*/g, "a/b")
      .replace(/\/+/g, "/");
    paths.add(concrete);
    paths.add(concrete.replace(/\/$/, "") || "/");
  }
  return [...paths];
}

describe("route groups", () => {
  const groups = routeGroups(FLAT);

  it("splits the four language trees, Japanese catching every unprefixed path", () => {
    expect(groups).not.toBeNull();
    if (!groups) return;
    for (const language of ["ja", "en", "kr", "tw"]) expect(groups.ids.has(language), language).toBe(true);
    expect(groups.fallback).toBe("ja");
    expect(groupOfPath(groups, "/en/sakura/reserve")).toBe("en");
    expect(groupOfPath(groups, "/kr.data")).toBe("kr");
    expect(groupOfPath(groups, "/tw/sakura.data")).toBe("tw");
    expect(groupOfPath(groups, "/_root.data")).toBe("ja");
    expect(groupOfPath(groups, "/sakura/en")).toBe("ja");
    expect(groupOfPath(groups, "/robots.txt")).toBe("ja");
    // Each handler holds its own tree and the shared routes, not the other languages'.
    expect(groups.ids.get("en")?.has("root")).toBe(true);
    expect(groups.ids.get("en")?.has("catch-all")).toBe(true);
    expect(groups.ids.get("en")?.has("robots")).toBe(true);
    expect(groups.ids.get("en")?.has("ja/top")).toBe(false);
    expect(groups.ids.get("ja")?.has("en/top")).toBe(false);
  });

  it("matches every page's path in its group exactly as the whole table did", () => {
    if (!groups) throw new Error("no groups");
    const whole = tree(null);
    const byGroup = new Map([...groups.ids].map(([name, ids]) => [name, tree(ids)]));
    const differences: string[] = [];
    for (const path of samplePaths()) {
      const group = groupOfPath(groups, path);
      const expected = leaf(whole, path);
      const actual = leaf(byGroup.get(group) ?? [], path);
      if (actual !== expected) differences.push(`${path}: ${expected} → ${actual} (${group})`);
    }
    expect(differences).toEqual([]);
  });

  it("keeps one table when the groups cannot be told apart by the path's first segment", () => {
    const clash = {
      root: FLAT.root,
      "en/a": { id: "en/a", parentId: "root", path: "x", module: {} },
      "kr/b": { id: "kr/b", parentId: "root", path: "x/y", module: {} },
      "ja/c": { id: "ja/c", parentId: "root", path: ":siteId", module: {} },
    } as unknown as FlatRoutes;
    expect(routeGroups(clash)).toBeNull();
  });

  it("answers route discovery for paths of several languages in one request", async () => {
    const build = serverBuild(FLAT);
    build.assets.routes = Object.fromEntries(
      Object.keys(FLAT).map((id) => [id, { id, parentId: FLAT[id]?.parentId, module: `/${id}.js` }]),
    ) as unknown as ServerBuild["assets"]["routes"];
    const handle = groupedRequestHandler(build, "production");
    const paths = ["/sakura/store", "/en/sakura/fee", "/kr/sakura", "/tw/sakura/reserve"];
    const response = await handle(
      new Request(`http://localhost/__manifest?paths=${encodeURIComponent(paths.join(","))}&version=test`),
      new RouterContextProvider(),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("immutable");
    const patches = Object.keys((await response.json()) as Record<string, unknown>);
    for (const id of ["root", "ja/store-list", "en/fee", "kr/top", "tw/reserve", "en/site", "tw/default-layout"]) {
      expect(patches, id).toContain(id);
    }
    // A stale version asks the browser to reload the document, as one handler did.
    const stale = await handle(
      new Request("http://localhost/__manifest?paths=/sakura,/en/sakura&version=old"),
      new RouterContextProvider(),
    );
    expect(stale.status).toBe(204);
    expect(stale.headers.get("X-Remix-Reload-Document")).toBe("true");
  });
});
