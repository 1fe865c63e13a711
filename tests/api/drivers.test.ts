import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, type Harness, json, PREFIXES, type ProblemBody, SITE, text } from "./account-client";
import { apiHarness } from "./harness";
import { addReservation, demoRows, freshMember } from "./member-fixtures";

let h: Harness;
let me: Awaited<ReturnType<typeof freshMember>>;
let other: Awaited<ReturnType<typeof demoRows>>;
let kaede: Awaited<ReturnType<typeof demoRows>>;

beforeAll(async () => {
  h = await apiHarness();
  me = await freshMember(h);
  other = await demoRows(h, SITE);
  kaede = await demoRows(h, "kaede");
});
afterAll(() => h.handle.close());

const expiry = `${new Date().getFullYear() + 3}-05-01`;
/** Sakura asks for name, kana, birth date, phone and the licence (its demo driver input settings). */
const driverBody = (name: string) => ({
  name,
  kana: "ウンテン タロウ",
  birthdate: "1985-06-15",
  tel: "090-1111-2222",
  zip: "9000006",
  pref_code: 47,
  address_a: "那覇市おもろまち1-1-1",
  license_types: ["ordinary", "international"],
  license_number: "123456789012",
  license_acquisition_date: "2010-01-20",
  license_expiration_date: expiry,
});

type Driver = Record<string, unknown> & { id: number; name: string; license_number: string; images: unknown[] };

describe.each(PREFIXES)("drivers API in %s (%s)", (prefix, locale) => {
  const api = `${prefix}/api/v1`;

  it("registers, lists, shows, changes and deletes a driver", async () => {
    const name = `運転 ${locale}`;
    const created = await me.browser.post(`${api}/drivers/register`, driverBody(name));
    expect(created.status).toBe(201);
    const { driver } = await json<{ driver: Driver }>(created);
    expect(driver).toMatchObject({
      name,
      kana: "ウンテン タロウ",
      birthdate: "1985-06-15",
      tel: "090-1111-2222",
      zip: "9000006",
      pref_code: "47",
      license_types: ["ordinary", "international"],
      license_number: "123456789012",
      license_acquisition_date: "2010-01-20",
      license_expiration_date: expiry,
      images: [],
    });

    const list = await json<{ drivers: Driver[] }>(await me.browser.get(`${api}/drivers`));
    const listed = list.drivers.find((d) => d.id === driver.id);
    expect(listed).toEqual({
      id: driver.id,
      name,
      kana: "ウンテン タロウ",
      license_types: ["ordinary", "international"],
      license_number: "••••••••9012",
      license_expiration_date: expiry.replaceAll("-", "/"),
      image_count: 0,
      has_reserve: false,
    });
    // My Page's driver list is the same list.
    expect(await json(await me.browser.get(`${api}/mypage/driver-list`))).toEqual(list);

    const shown = await me.browser.get(`${api}/drivers/${driver.id}`);
    expect(shown.status).toBe(200);
    expect(await json(shown)).toEqual({ driver });
    expect(await json(await me.browser.get(`${api}/drivers/${driver.id}/has-reserve`))).toEqual({ has_reserve: false });

    // Round trip: the detail's values are the update's body.
    const changed = await me.browser.post(`${api}/drivers/${driver.id}/update`, {
      ...driver,
      name: `${name} 2`,
      license_types: ["ordinary_at"],
    });
    expect(changed.status).toBe(200);
    expect(await json(changed)).toMatchObject({
      driver: { id: driver.id, name: `${name} 2`, license_types: ["ordinary_at"], license_number: "123456789012" },
    });

    const deleted = await me.browser.post(`${api}/drivers/${driver.id}/delete`);
    expect(deleted.status).toBe(200);
    expect(await json(deleted)).toEqual({ deleted: true, id: driver.id });
    expect((await me.browser.get(`${api}/drivers/${driver.id}`)).status).toBe(404);
  });

  it("refuses a bad driver with the field map in the language", async () => {
    const { name: _name, ...noName } = driverBody("x");
    const refused = await me.browser.post(`${api}/drivers/register`, {
      ...noName,
      license_types: [],
      license_acquisition_date: `${new Date().getFullYear() + 1}-01-01`,
      license_expiration_date: "2001-01-01",
    });
    expect(refused.status).toBe(422);
    const body = await json<ProblemBody>(refused);
    expect(body.errors).toEqual({
      name: [text(locale, "reason.name_required")],
      license_type: [text(locale, "reason.license_type_required")],
      license_acquisition_date: [text(locale, "reason.license_issue_future")],
      license_expiration_date: [text(locale, "reason.license_expired")],
    });
    // A wrong type is refused by the document's schema, in the same shape.
    const wrongType = await me.browser.post(`${api}/drivers/register`, { ...driverBody("x"), license_types: ["bus"] });
    expect(wrongType.status).toBe(422);
    expect((await json<ProblemBody>(wrongType)).errors).toHaveProperty("license_types");
    const { driver } = await json<{ driver: Driver }>(
      await me.browser.post(`${api}/drivers/register`, driverBody(`更新 ${locale}`)),
    );
    const badUpdate = await me.browser.post(`${api}/drivers/${driver.id}/update`, { ...driver, tel: "" });
    expect(badUpdate.status).toBe(422);
    expect((await json<ProblemBody>(badUpdate)).errors).toEqual({ tel: [text(locale, "reason.tel_required")] });
    expect(await json(await me.browser.get(`${api}/drivers/${driver.id}`))).toEqual({ driver });
  });

  it("refuses to delete a driver a reservation uses", async () => {
    const { driver } = await json<{ driver: Driver }>(
      await me.browser.post(`${api}/drivers/register`, driverBody(`予約中 ${locale}`)),
    );
    await addReservation(h, SITE, me.id, { from: 20, to: 21, driverId: driver.id });
    expect(await json(await me.browser.get(`${api}/drivers/${driver.id}/has-reserve`))).toEqual({ has_reserve: true });
    const refused = await me.browser.post(`${api}/drivers/${driver.id}/delete`);
    expect(refused.status).toBe(422);
    expect(await json<ProblemBody>(refused)).toMatchObject({
      reason: "driver_has_reserve",
      detail: text(locale, "reason.driver_has_reserve"),
    });
    expect((await me.browser.get(`${api}/drivers/${driver.id}`)).status).toBe(200);
  });

  it("answers 404 for another member's, another site's or a malformed driver id", async () => {
    for (const id of [other.driverId, kaede.driverId, "abc", "-1", "99999999999"]) {
      for (const [method, path] of [
        ["GET", `/drivers/${id}`],
        ["GET", `/drivers/${id}/has-reserve`],
        ["POST", `/drivers/${id}/update`],
        ["POST", `/drivers/${id}/delete`],
      ] as const) {
        const response =
          method === "GET"
            ? await me.browser.get(`${api}${path}`)
            : await me.browser.post(`${api}${path}`, driverBody("他人"));
        expect(response.status, `${method} ${path}`).toBe(404);
        expect((await json<ProblemBody>(response)).detail).toBe(text(locale, "error.notFound"));
      }
    }
  });

  it("answers 401 to every operation without a session", async () => {
    const guest = new Browser(h);
    for (const path of ["/drivers", "/drivers/1", "/drivers/1/has-reserve"]) {
      const response = await guest.get(`${api}${path}`);
      expect(response.status, path).toBe(401);
      expect((await json<ProblemBody>(response)).detail).toBe(text(locale, "flash.loginAgain"));
    }
    for (const path of ["/drivers/register", "/drivers/1/update", "/drivers/1/delete"]) {
      const response = await guest.post(`${api}${path}`, driverBody("誰か"));
      expect(response.status, path).toBe(401);
      expect((await json<ProblemBody>(response)).detail).toBe(text(locale, "flash.loginAgain"));
    }
  });
});

describe("drivers API: images, idempotency, sites", () => {
  it.each([
    ["", "ja"],
    ["/en", "en"],
  ] as const)(
    "on a site that requires a licence image, refuses a driver without one as the page does (%s)",
    async (prefix, locale) => {
      const member = await freshMember(h, "kaede");
      const refused = await member.browser.post(`${prefix}/api/v1/drivers/register`, driverBody("京都 太郎"));
      expect(refused.status).toBe(422);
      expect((await json<ProblemBody>(refused)).errors).toEqual({
        driver_image1: [text(locale, "reason.image_required")],
      });
      expect(await json(await member.browser.get(`${prefix}/api/v1/drivers`))).toEqual({ drivers: [] });
    },
  );

  it("a retry with the same Idempotency-Key gets the first driver, not a second one", async () => {
    const member = await freshMember(h);
    const key = { "Idempotency-Key": "driver-register-0001" };
    const first = await member.browser.post("/api/v1/drivers/register", driverBody("一度 太郎"), { headers: key });
    const again = await member.browser.post("/api/v1/drivers/register", driverBody("一度 太郎"), { headers: key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await json(again)).toEqual(await json(first));
    expect((await json<{ drivers: unknown[] }>(await member.browser.get("/api/v1/drivers"))).drivers).toHaveLength(1);
  });

  it("a sakura session sent to kaede is no session there (401)", async () => {
    const { driver } = await json<{ driver: Driver }>(
      await me.browser.post("/api/v1/drivers/register", driverBody("越境 太郎")),
    );
    for (const path of ["/drivers", `/drivers/${driver.id}`, `/drivers/${driver.id}/has-reserve`]) {
      const response = await me.browser.get(`/api/v1${path}`, { "X-Site-Id": "kaede" });
      expect(response.status, path).toBe(401);
    }
    const post = await me.browser.post(
      `/en/api/v1/drivers/${driver.id}/delete`,
      {},
      { headers: { "X-Site-Id": "kaede" } },
    );
    expect(post.status).toBe(401);
    expect((await json<ProblemBody>(post)).detail).toBe("Please log in again.");
    expect((await me.browser.get(`/api/v1/drivers/${driver.id}`)).status).toBe(200);
  });
});
