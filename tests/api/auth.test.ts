import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REASON_MESSAGE } from "#app/i18n/labels";
import { Browser, freshEmail, json, PREFIXES, registrationForm, text } from "./account-client";
import { apiHarness } from "./harness";

/**
 * §7's auth calls in four languages: the CSRF cookie, login (one answer for a wrong password or an
 * unknown address, §8), the member, logout, and a booking in progress kept across the login.
 */
let h: Awaited<ReturnType<typeof apiHarness>>;
let email: string;
const PASSWORD = registrationForm("x@example.com").password!;

beforeAll(async () => {
  h = await apiHarness();
  email = freshEmail();
  const signup = new Browser(h);
  expect((await signup.post("/api/v1/users/register", registrationForm(email))).status).toBe(201);
}, 60_000);
afterAll(() => h.handle.close());

describe.each(PREFIXES)("auth in %s (%s)", (prefix, locale) => {
  it("issues one CSRF token per browser, as a cookie and in the answer", async () => {
    const browser = new Browser(h);
    const first = await browser.get(`${prefix}/api/v1/auth/csrf-cookie`);
    const { csrf_token } = await json<{ csrf_token: string }>(first);
    expect(csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.headers.get("set-cookie")).toContain(`csrf=${csrf_token}`);
    const again = await browser.get(`${prefix}/api/v1/auth/csrf-cookie`);
    expect((await json<{ csrf_token: string }>(again)).csrf_token).toBe(csrf_token);
    expect(again.headers.get("set-cookie")).toBeNull();
  });

  it("logs in, answers the member, logs out; then users/me asks to log in again", async () => {
    const browser = new Browser(h);
    const wrong = await browser.post(`${prefix}/api/v1/users/login`, { email, password: "not-the-password" });
    expect(wrong.status).toBe(422);
    expect((await json(wrong)).detail).toBe(text(locale, REASON_MESSAGE.login_failed));
    const unknown = await browser.post(`${prefix}/api/v1/users/login`, { email: freshEmail(), password: PASSWORD });
    expect((await json(unknown)).detail).toBe(text(locale, REASON_MESSAGE.login_failed));
    const blank = await browser.post(`${prefix}/api/v1/users/login`, { email: "", password: "" });
    expect((await json<{ errors: Record<string, string[]> }>(blank)).errors.password).toEqual([
      text(locale, REASON_MESSAGE.password_required),
    ]);

    const ok = await browser.post(`${prefix}/api/v1/users/login`, { email, password: PASSWORD });
    expect(ok.status).toBe(200);
    expect((await json<{ user: { email: string; name: string } }>(ok)).user).toMatchObject({ email, name: "API 太郎" });
    expect((await browser.get(`${prefix}/api/v1/users/me`)).status).toBe(200);

    const out = await browser.post(`${prefix}/api/v1/users/logout`);
    expect(await json(out)).toEqual({ logged_out: true });
    const me = await browser.get(`${prefix}/api/v1/users/me`);
    expect(me.status).toBe(401);
    expect((await json(me)).detail).toBe(text(locale, "flash.loginAgain"));
  });

  it("refuses a login without the CSRF token (403), in the request's language", async () => {
    const browser = new Browser(h);
    const r = await browser.post(`${prefix}/api/v1/users/login`, { email, password: PASSWORD }, { csrf: false });
    expect(r.status).toBe(403);
    expect((await json(r)).detail).toBe(text(locale, "error.refusedLead"));
  });
});

it("a booking chosen as a guest is still there after logging in (the session continues on a new id)", async () => {
  const browser = new Browser(h);
  const cars = await json<{ store: { id: number } }>(await browser.get("/en/api/v1/car-types"));
  const storeId = cars.store.id;
  const day = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  const search = await json<{ car_types: { can_reserve: boolean; car_type: { id: number } }[] }>(
    await browser.get(`/en/api/v1/car-types?si=${storeId}&sd=${day}&st=10:00&ed=${day}&et=17:00`),
  );
  const carTypeId = search.car_types.find((c) => c.can_reserve)!.car_type.id;
  const chosen = await browser.post("/en/api/v1/session", {
    store_id: storeId,
    car_type_id: carTypeId,
    sd: day,
    st: "10:00",
    ed: day,
    et: "17:00",
  });
  expect(chosen.status).toBe(200);
  const before = browser.jar.values.get("sid_sakura");
  expect((await browser.post("/en/api/v1/users/login", { email, password: PASSWORD })).status).toBe(200);
  expect(browser.jar.values.get("sid_sakura")).not.toBe(before);
  const session = await json<{ reserve_session: { car_type_id: number } | null }>(
    await browser.get("/en/api/v1/session"),
  );
  expect(session.reserve_session?.car_type_id).toBe(carTypeId);
});
