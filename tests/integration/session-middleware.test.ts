import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSession, sessionCookie, sessionCookieName, sessionMiddleware } from "#app/lib/session.server";
import { siteMiddleware } from "#app/lib/site.server";
import { createSession } from "#server/auth/sessions";

import { createMember } from "#server/db/seed/members-factory";
import { testRouterContext, testServices } from "#tests/fixtures/services";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";

let handle: TestDb;
let siteId: string;
let memberId: number;
let queries: string[] = [];
let services: ReturnType<typeof testServices>;
beforeAll(async () => {
  handle = await createTestDb((sql) => queries.push(sql));
  // One site cache for every request, as in the server: warm, a page costs no site query.
  services = testServices(handle.forSite(""));
  siteId = (await makeSite(handle.owner)).siteId;
  memberId = await createMember(handle.owner, siteId, { name: "花子", email: "hanako@example.com" });
});
afterAll(() => handle.close());

/** A request for `path` on `site` through the site and session middleware, then `inner` as the page. */
async function run(
  path: string,
  cookie: string | null,
  inner: (context: RouterContextProvider) => Promise<void> = async () => {},
  site = siteId,
) {
  const request = new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
  // The request's site scope, as server/http/app.ts gives it.
  const context = testRouterContext({ ...services, db: handle.forSite(site) });
  const args = { request, url: new URL(request.url), context, params: { siteId: site }, pattern: "/:siteId/*" };
  queries = [];
  const response = (await siteMiddleware(
    args,
    async () =>
      (await sessionMiddleware(args, async () => {
        await inner(context);
        return new Response("ok");
      })) as Response,
  )) as Response;
  return { response, setCookie: response.headers.getSetCookie() };
}

const cookie = (token: string, site = siteId) => `sid_${site}=${token}`;
const tokenOf = (setCookie: string[]) => setCookie[0]?.split(";")[0]?.split("=")[1] ?? "";

async function memberOf(token: string, site = siteId): Promise<unknown> {
  let member: unknown = "unset";
  await run(
    `/${site}/mypage`,
    cookie(token, site),
    async (context) => {
      member = await getSession(context).member();
    },
    site,
  );
  return member;
}

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax, and Secure whenever the public scheme is https (decision 026)", () => {
    const token = "t".repeat(43);
    const https = sessionCookie(new Request("https://booking.example.com/x"), "sakura", token);
    expect(https).toMatch(/^sid_sakura=t{43}; Path=\/; HttpOnly; SameSite=Lax; Secure; Max-Age=\d+$/);
    for (const host of ["localhost:3000", "127.0.0.1:4173", "booking.example.com"]) {
      expect(sessionCookie(new Request(`http://${host}/x`), "sakura", token)).not.toContain("Secure");
    }
    expect(sessionCookie(new Request("https://x.example/"), "sakura", null)).toContain("Max-Age=0");
  });

  it("in the embedded flow is a cookie of its own, partitioned, SameSite=None and Secure (decision 025)", () => {
    const token = "t".repeat(43);
    for (const path of ["/sakura/custom_page", "/en/sakura/custom_page/confirm", "/sakura/custom_page/user.data"]) {
      const request = new Request(`http://127.0.0.1:4173${path}`);
      expect(sessionCookieName("sakura", request)).toBe("sid_sakura_embed");
      expect(sessionCookie(request, "sakura", token)).toMatch(
        /^sid_sakura_embed=t{43}; Path=\/; HttpOnly; SameSite=None; Secure; Partitioned; Max-Age=\d+$/,
      );
    }
    expect(sessionCookieName("sakura", new Request("http://127.0.0.1:4173/sakura/c/faq"))).toBe("sid_sakura");
  });
});

describe("session middleware", () => {
  it("reads the member with one query on a page, and none on the top page", async () => {
    const token = await createSession(handle.forSite(siteId), siteId, { memberId });
    await run(`/${siteId}/store`, null); // warms the site cache
    let member: unknown;
    const page = await run(`/${siteId}/mypage`, cookie(token), async (context) => {
      member = await getSession(context).member();
    });
    expect(member).toMatchObject({ id: memberId });
    expect(queries).toHaveLength(1);
    expect(page.setCookie).toEqual([]);

    await run(`/${siteId}`, cookie(token));
    expect(queries).toHaveLength(0);
  });

  it("starts no session for a visitor who stores nothing", async () => {
    await run(`/${siteId}/store`, null);
    const { setCookie } = await run(`/${siteId}/reserve`, null);
    expect(setCookie).toEqual([]);
    expect(queries).toHaveLength(0);
  });

  it("logs out a browser whose session is gone (a failed refresh)", async () => {
    const { setCookie } = await run(`/${siteId}/reserve`, cookie("x".repeat(43)));
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]).toMatch(new RegExp(`^sid_${siteId}=; .*Max-Age=0`));
  });

  it("gives a new id at login and keeps the guest's data; logout ends it on the server", async () => {
    const guest = await run(`/${siteId}/user/regist`, null, async (context) => {
      await getSession(context).setData("registration", { name: "花子" });
    });
    const guestToken = tokenOf(guest.setCookie);
    expect(guestToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const login = await run(`/${siteId}/login`, cookie(guestToken), async (context) => {
      await getSession(context).login(memberId);
    });
    const memberToken = tokenOf(login.setCookie);
    expect(memberToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(memberToken).not.toBe(guestToken);

    let data: unknown;
    await run(`/${siteId}/mypage`, cookie(memberToken), async (context) => {
      data = await getSession(context).data();
    });
    expect(data).toEqual({ registration: { name: "花子" } });
    expect(await memberOf(guestToken)).toBeNull();

    const logout = await run(`/${siteId}/logout`, cookie(memberToken), async (context) => {
      await getSession(context).logout();
    });
    expect(logout.setCookie[0]).toContain("Max-Age=0");
    expect(await memberOf(memberToken)).toBeNull();
  });

  it("rotates at a password change and ends the member's other sessions", async () => {
    const here = await createSession(handle.forSite(siteId), siteId, { memberId });
    const elsewhere = await createSession(handle.forSite(siteId), siteId, { memberId });
    const { setCookie } = await run(`/${siteId}/mypage/password-update`, cookie(here), async (context) => {
      await getSession(context).rotate();
    });
    const next = tokenOf(setCookie);
    expect(next).not.toBe(here);
    expect(await memberOf(here)).toBeNull();
    expect(await memberOf(elsewhere)).toBeNull();
    expect(await memberOf(next)).toMatchObject({ id: memberId });
  });

  it("does not open a session of one site on another", async () => {
    const other = (await makeSite(handle.owner)).siteId;
    const token = await createSession(handle.forSite(siteId), siteId, { memberId });
    expect(await memberOf(token, other)).toBeNull();
  });
});
