import { matchPath, matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * What a route module says about the page cache (decision 036): `export const handle = { publicCache: true }`
 * on a page every anonymous visitor sees alike; `false` on a layout whose pages are never kept.
 */
export interface PublicCacheHandle {
  publicCache?: boolean;
}

type Routes = ServerBuild["routes"];
type Route = NonNullable<Routes[string]>;

const publicCacheOf = (route: Route) => (route.module.handle as PublicCacheHandle | undefined)?.publicCache;

function treeOf(routes: Route[], parentId: string | undefined): RouteObject[] {
  return routes
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const base = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
      return route.index ? { ...base, index: true as const } : { ...base, children: treeOf(routes, route.id) };
    });
}

function ancestry(routes: Routes, route: Route): Route[] {
  const line: Route[] = [];
  for (let at: Route | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) line.unshift(at);
  return line;
}

/** Past this many distinct paths, the confirmed answers start again. */
const MAX_CONFIRMED = 5_000;

/**
 * Whether a path (or its `.data` request) is a public page, read from the routes themselves: the
 * page React Router renders for it says `publicCache: true`, and no layout around it says `false`.
 * Matching the whole route table costs milliseconds, so a path is first compared with the few
 * public pages' patterns, and only a path that fits one is matched as React Router would, once.
 */
export function publicPagesOf(build: Pick<ServerBuild, "routes">): (pathname: string) => boolean {
  const all = Object.values(build.routes).filter((route): route is Route => route !== undefined);
  const publicIds = new Set<string>();
  const patterns: string[] = [];
  for (const route of all) {
    const line = ancestry(build.routes, route);
    if (publicCacheOf(route) !== true || line.some((r) => publicCacheOf(r) === false)) continue;
    publicIds.add(route.id);
    patterns.push(
      `/${line
        .map((r) => r.path ?? "")
        .filter(Boolean)
        .join("/")}`,
    );
  }
  const tree = treeOf(all, undefined);
  const confirmed = new Map<string, boolean>();

  return (pathname) => {
    const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
    if (!patterns.some((pattern) => matchPath({ path: pattern, end: true }, path))) return false;
    let answer = confirmed.get(path);
    if (answer === undefined) {
      answer = publicIds.has(matchRoutes(tree, path)?.at(-1)?.route.id ?? "");
      if (confirmed.size >= MAX_CONFIRMED) confirmed.clear();
      confirmed.set(path, answer);
    }
    return answer;
  };
}
