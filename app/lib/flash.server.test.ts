import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestContext } from "#server/http/context";
import type { Flash } from "./flash";
import { decodeFlash, FLASH_COOKIE, flashMiddleware, getFlash, redirectWithFlash } from "./flash.server";

const LOGIN_AGAIN: Flash = { kind: "danger", key: "flash.loginAgain" };
const b64 = (text: string) => Buffer.from(text).toString("base64url");

/** The `flash` value a Set-Cookie header sets, with its attributes. */
function setFlashCookie(response: Response): { value: string; attributes: string[] } | null {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${FLASH_COOKIE}=`));
  if (!header) return null;
  const [pair, ...attributes] = header.split(";").map((s) => s.trim());
  return { value: (pair ?? "").slice(FLASH_COOKIE.length + 1), attributes };
}

describe("redirectWithFlash and decodeFlash", () => {
  it("redirects and sets a short-lived cookie that reads back as the same flash", () => {
    const response = redirectWithFlash(new Request("http://localhost/sakura/mypage"), "/sakura/login", LOGIN_AGAIN);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/sakura/login");
    const cookie = setFlashCookie(response);
    expect(cookie).not.toBeNull();
    expect(decodeFlash(cookie?.value)).toEqual(LOGIN_AGAIN);
    expect(cookie?.attributes).toEqual(expect.arrayContaining(["Path=/", "Max-Age=60", "SameSite=Lax"]));
    expect(cookie?.attributes).not.toContain("Secure");
  });

  it("keeps parameters, and marks the cookie Secure over https", () => {
    const flash: Flash = { kind: "success", key: "footer.copyright", params: { year: 2026, title: "Sakura" } };
    const response = redirectWithFlash(new Request("https://example.com/sakura"), "/sakura", flash);
    const cookie = setFlashCookie(response);
    expect(decodeFlash(cookie?.value)).toEqual(flash);
    expect(cookie?.attributes).toContain("Secure");
  });

  it("reads a cookie made by hand the same way (base64url JSON)", () => {
    expect(decodeFlash(b64(JSON.stringify(LOGIN_AGAIN)))).toEqual(LOGIN_AGAIN);
  });

  it.each([
    ["absent", undefined],
    ["empty", ""],
    ["an unknown key", b64(JSON.stringify({ kind: "danger", key: "flash.nope" }))],
    ["a key from the object prototype", b64(JSON.stringify({ kind: "danger", key: "toString" }))],
    ["__proto__ as the key", b64('{"kind":"danger","key":"__proto__","params":{"a":1}}')],
    ["constructor as the key", b64(JSON.stringify({ kind: "danger", key: "constructor", params: { a: 1 } }))],
    ["an unknown kind", b64(JSON.stringify({ kind: "info", key: "flash.loginAgain" }))],
    ["no key", b64(JSON.stringify({ kind: "danger" }))],
    ["a long parameter", b64(JSON.stringify({ ...LOGIN_AGAIN, params: { x: "y".repeat(201) } }))],
    ["an object parameter", b64(JSON.stringify({ ...LOGIN_AGAIN, params: { x: { y: 1 } } }))],
    ["not base64", "!!!***"],
    ["base64 of no JSON", b64("{not json")],
    ["base64 of JSON null", b64("null")],
    ["base64 of a JSON string", b64('"flash.loginAgain"')],
    ["oversize", b64(JSON.stringify({ ...LOGIN_AGAIN, params: { a: "x".repeat(200), pad: "p".repeat(2000) } }))],
    ["oversize but otherwise fine", `${b64(JSON.stringify(LOGIN_AGAIN))}${" ".repeat(2001)}`],
  ])("gives null for %s", (_name, value) => {
    expect(decodeFlash(value)).toBeNull();
  });
});

describe("flashMiddleware", () => {
  const cookieHeader = `other=1; ${FLASH_COOKIE}=${b64(JSON.stringify(LOGIN_AGAIN))}`;

  async function run(cookie: string | null, answer: () => Response, rootDataOnly = false) {
    const request = new Request("http://localhost/sakura", cookie ? { headers: { cookie } } : {});
    const context = new RouterContextProvider();
    context.set(requestContext, {
      requestId: "test",
      nonce: "nonce",
      csrfToken: "token",
      clientIp: "127.0.0.1",
      embed: { refusedStorage: false, frameAncestors: null },
      rootDataOnly,
    });
    let seen: Flash | null | undefined;
    const next = async () => {
      seen = getFlash(context);
      return answer();
    };
    const response = await flashMiddleware(
      { request, url: new URL(request.url), context, params: {}, pattern: "/:siteId" },
      next,
    );
    if (!(response instanceof Response)) throw new Error("the middleware must answer with a Response");
    return { response, seen };
  }

  it("hands the flash to the page and clears the cookie on a 200", async () => {
    const { response, seen } = await run(cookieHeader, () => new Response("page", { status: 200 }));
    expect(seen).toEqual(LOGIN_AGAIN);
    const cleared = setFlashCookie(response);
    expect(cleared?.value).toBe("");
    expect(cleared?.attributes).toEqual(expect.arrayContaining(["Path=/", "Max-Age=0"]));
  });

  it("clears it on an error page too", async () => {
    const { response } = await run(cookieHeader, () => new Response("missing", { status: 404 }));
    expect(setFlashCookie(response)?.value).toBe("");
  });

  it.each([301, 302, 303, 307, 308])("keeps it across a %i redirect for the page it leads to", async (status) => {
    const { response, seen } = await run(
      cookieHeader,
      () => new Response(null, { status, headers: { Location: "/sakura/login" } }),
    );
    expect(seen).toEqual(LOGIN_AGAIN);
    expect(setFlashCookie(response)).toBeNull();
  });

  it("clears a cookie it cannot read, showing nothing", async () => {
    const { response, seen } = await run(`${FLASH_COOKIE}=garbage`, () => new Response("page"));
    expect(seen).toBeNull();
    expect(setFlashCookie(response)?.value).toBe("");
  });

  it("leaves the root's own data request alone: the page's request, sent beside it, shows the flash", async () => {
    const root = await run(cookieHeader, () => new Response("data"), true);
    expect(root.seen).toBeNull();
    expect(root.response.headers.getSetCookie()).toEqual([]);
    const page = await run(cookieHeader, () => new Response("page"));
    expect(page.seen).toEqual(LOGIN_AGAIN);
  });

  it("leaves a request without the cookie alone", async () => {
    const { response, seen } = await run("other=1", () => new Response("page"));
    expect(seen).toBeNull();
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
