import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";

/**
 * One React Router request handler per route group (decision 031): each language's tree (`ja/…`,
 * `en/…`, `kr/…`, `tw/…`) and the back office (`admin…`), each with the shared routes (root,
 * robots.txt, the catalogue asset, the simulator, webhooks, the outbox, the catch-all). React
 * Router matches a request against every branch of its build two or three times per page, and its
 * `<Scripts>` once more per segment of the path; a handler that holds one group matches about a
 * quarter of the branches.
 */

export type RequestHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

type Routes = ServerBuild["routes"];

/** The group of a top-level route (a child of the root) from its id; null for a shared route. */
export function groupOfRouteId(id: string): string | null {
  const language = /^(ja|en|kr|tw)\//.exec(id)?.[1];
  if (language) return language;
  return id.startsWith("admin") ? "admin" : null;
}

export interface RouteGroups {
  /** Route ids of each group, shared routes included. */
  ids: Map<string, Set<string>>;
  /** The group that owns paths whose first segment is this (decoded, lower case). */
  bySegment: Map<string, string>;
  /** The group of every other path (the one whose routes start with a parameter: Japanese). */
  fallback: string;
}

function fullPath(routes: Routes, id: string): string {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return parts.join("/").replace(/\/+/g, "/").replace(/^\//, "");
}

/**
 * Splits a build's routes into groups, or null when they cannot be told apart by the first
 * segment of a path alone (then one handler serves everything, as before).
 */
export function routeGroups(routes: Routes): RouteGroups | null {
  const groupOf = new Map<string, string | null>();
  const topLevel = (id: string): string => {
    let route = routes[id];
    while (route?.parentId && route.parentId !== "root") route = routes[route.parentId];
    return route?.id ?? id;
  };
  for (const id of Object.keys(routes)) groupOf.set(id, id === "root" ? null : groupOfRouteId(topLevel(id)));

  const names = new Set([...groupOf.values()].filter((g): g is string => g !== null));
  if (names.size < 2) return null;
  const bySegment = new Map<string, string>();
  const dynamic = new Set<string>();
  for (const [id, group] of groupOf) {
    if (group === null || !routes[id]?.path) continue;
    const first = fullPath(routes, id).split("/")[0] ?? "";
    if (first === "" || first.startsWith(":") || first.includes("*")) {
      dynamic.add(group);
      continue;
    }
    const segment = first.toLowerCase();
    const owner = bySegment.get(segment);
    if (owner && owner !== group) return null;
    bySegment.set(segment, group);
  }
  // Exactly one group may catch what no static first segment names.
  if (dynamic.size !== 1) return null;
  const [fallback] = dynamic as Set<string>;
  const ids = new Map<string, Set<string>>();
  for (const name of names) {
    ids.set(name, new Set([...groupOf].filter(([, g]) => g === null || g === name).map(([id]) => id)));
  }
  return { ids, bySegment, fallback: fallback as string };
}

/** The group of a request path, matched as React Router matches it (`.data` URLs, decoded, any case). */
export function groupOfPath(groups: RouteGroups, pathname: string): string {
  const path = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  const slash = path.indexOf("/", 1);
  let first = slash < 0 ? path.slice(1) : path.slice(1, slash);
  try {
    first = decodeURIComponent(first);
  } catch {}
  return groups.bySegment.get(first.toLowerCase()) ?? groups.fallback;
}

function pick<T>(record: Record<string, T>, ids: Set<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([id]) => ids.has(id)));
}

/** The build with only these routes, in the server's route table and in the browser's manifest. */
function subBuild(build: ServerBuild, ids: Set<string>): ServerBuild {
  return {
    ...build,
    routes: pick(build.routes, ids) as Routes,
    assets: { ...build.assets, routes: pick(build.assets.routes, ids) },
  };
}

/**
 * React Router's handler for the build, split by route group when the build allows it. The lazy
 * route discovery endpoint (`/__manifest?paths=…`) gets each group's paths answered by that
 * group's handler, and the answers merged: a page may link to paths of every language.
 */
export function groupedRequestHandler(build: ServerBuild, mode: "production" | "development"): RequestHandler {
  const groups = build.routeDiscovery?.mode === "lazy" ? routeGroups(build.routes) : null;
  if (!groups) return createRequestHandler(build, mode);
  const handlers = new Map<string, RequestHandler>();
  for (const [name, ids] of groups.ids) handlers.set(name, createRequestHandler(subBuild(build, ids), mode));
  const handlerOf = (path: string) => handlers.get(groupOfPath(groups, path)) as RequestHandler;
  const manifestPath = build.routeDiscovery.manifestPath;
  // React Router refuses a discovery URL longer than this (400): a whole one still reaches it.
  const URL_LIMIT = 7680;

  return async (request, context) => {
    const url = new URL(request.url);
    if (url.pathname !== manifestPath || !url.searchParams.get("paths") || url.href.length > URL_LIMIT) {
      return handlerOf(url.pathname)(request, context);
    }
    const byGroup = new Map<string, string[]>();
    for (const path of (url.searchParams.get("paths") ?? "").split(",").filter(Boolean)) {
      const group = groupOfPath(groups, path.startsWith("/") ? path : `/${path}`);
      byGroup.set(group, [...(byGroup.get(group) ?? []), path]);
    }
    const answers = await Promise.all(
      [...byGroup].map(([group, paths]) => {
        const part = new URL(url);
        part.searchParams.set("paths", paths.join(","));
        const handler = handlers.get(group) as RequestHandler;
        return handler(new Request(part, { method: request.method, headers: request.headers }), context);
      }),
    );
    // A stale version (reload the document) or a refusal is the same for every group.
    const first = answers[0] as Response;
    const refused = answers.find((a) => a.status !== 200);
    if (refused || answers.length === 1) return refused ?? first;
    const merged = Object.assign({}, ...(await Promise.all(answers.map((a) => a.json()))));
    return Response.json(merged, { headers: { "Cache-Control": first.headers.get("Cache-Control") ?? "no-cache" } });
  };
}
