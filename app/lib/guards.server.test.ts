import type { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { AppServices } from "#server/http/context";
import type { SiteBundle } from "#server/sites/site-bundle";
import type { SiteCache } from "#server/sites/site-cache";
import { testRouterContext, testServices } from "#tests/fixtures/services";
import { decodeFlash, FLASH_COOKIE } from "./flash.server";
import { unauthorizedToLogin } from "./guards.server";
import { getSite, siteMiddleware } from "./site.server";

/** Only what siteMiddleware reads of a bundle. */
const bundle = {
  client: { siteId: "sakura", isActive: true },
  settings: { supportedLanguages: "jp,en,kr,tw", publicStatus: 1 },
} as unknown as SiteBundle;

const siteCache: SiteCache = {
  get: async (_db, siteId) => (siteId === "sakura" ? bundle : null),
  invalidate: () => {},
  size: 1,
};

function routerContext(): RouterContextProvider {
  return testRouterContext(testServices({} as AppServices["db"], { siteCache }));
}

/** A request through the site's middleware (site first, as in routes/site/site.tsx), then the guard. */
async function throughSite(path: string, answer: (context: RouterContextProvider) => Response) {
  const request = new Request(`http://localhost${path}`);
  const context = routerContext();
  const args = { request, url: new URL(request.url), context, params: { siteId: "sakura" }, pattern: "/:siteId/*" };
  const response = await siteMiddleware(args, async () => {
    const inner = await unauthorizedToLogin(args, async () => answer(context));
    if (!(inner instanceof Response)) throw new Error("the guard must answer with a Response");
    return inner;
  });
  if (!(response instanceof Response)) throw new Error("the middleware must answer with a Response");
  return response;
}

const unauthorized = () => new Response("log in", { status: 401 });

function flashOf(response: Response) {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${FLASH_COOKIE}=`));
  return decodeFlash(header?.split(";")[0]?.slice(FLASH_COOKIE.length + 1));
}

describe("unauthorizedToLogin", () => {
  it.each([
    ["/sakura/reserve/confirm?step=2", "/sakura/login", "/sakura/reserve/confirm?step=2"],
    ["/en/sakura/mypage", "/en/sakura/login", "/en/sakura/mypage"],
    ["/kr/sakura/mypage?tab=a&b=%E3%81%82", "/kr/sakura/login", "/kr/sakura/mypage?tab=a&b=%E3%81%82"],
    ["/tw/sakura/mypage.data", "/tw/sakura/login", "/tw/sakura/mypage"],
    [
      "/sakura/mypage/reserves.data?_routes=ja%2Fsite%2Cja%2Fmypage&x=1",
      "/sakura/login",
      "/sakura/mypage/reserves?x=1",
    ],
  ])("a 401 on %s goes to %s?redirect=%s with the log-in-again flash", async (path, login, back) => {
    const response = await throughSite(path, unauthorized);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location") ?? "", "http://localhost");
    expect(location.pathname).toBe(login);
    expect([...location.searchParams]).toEqual([["redirect", back]]);
    expect(flashOf(response)).toEqual({ kind: "danger", key: "flash.loginAgain" });
  });

  it.each([200, 302, 403, 404, 422, 500])("leaves a %i alone", async (status) => {
    const original = new Response(status === 302 ? null : "body", {
      status,
      headers: status === 302 ? { Location: "/sakura" } : {},
    });
    const response = await throughSite("/sakura/mypage", () => original);
    expect(response).toBe(original);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("sees the site siteMiddleware resolved", async () => {
    let seen: string | undefined;
    await throughSite("/en/sakura", (context) => {
      const site = getSite(context);
      seen = `${site.siteId}:${site.locale}`;
      return new Response("ok");
    });
    expect(seen).toBe("sakura:en");
  });
});
