import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pickLang } from "#common/locales";
import { members, stores } from "#server/db/schema";
import {
  Browser,
  type Harness,
  json,
  PREFIXES,
  type ProblemBody,
  registrationForm,
  SITE,
  text,
} from "./account-client";
import { apiHarness } from "./harness";
import { addReservation, demoRows, freshMember } from "./member-fixtures";

let h: Harness;
/** A fresh member with an upcoming and a past reservation. */
let me: Awaited<ReturnType<typeof freshMember>>;
let upcoming: Awaited<ReturnType<typeof addReservation>>;
let past: Awaited<ReturnType<typeof addReservation>>;
let other: Awaited<ReturnType<typeof demoRows>>;
let kaede: Awaited<ReturnType<typeof demoRows>>;
let storeRow: { storeName: string; storeNameEn: string | null; storeNameKr: string | null; storeNameTw: string | null };

beforeAll(async () => {
  h = await apiHarness();
  me = await freshMember(h);
  upcoming = await addReservation(h, SITE, me.id, { from: 10, to: 12, payMethod: 2 });
  past = await addReservation(h, SITE, me.id, { from: -30, to: -29, payMethod: 1 });
  other = await demoRows(h, SITE);
  kaede = await demoRows(h, "kaede");
  [storeRow] = (await h.handle
    .forSite(SITE)
    .select({
      storeName: stores.storeName,
      storeNameEn: stores.storeNameEn,
      storeNameKr: stores.storeNameKr,
      storeNameTw: stores.storeNameTw,
    })
    .from(stores)
    .where(eq(stores.id, upcoming.storeId))) as [typeof storeRow];
});
afterAll(() => h.handle.close());

type Reserve = Record<string, unknown> & {
  id: number;
  reserve_no: string;
  status: string;
  status_label: string;
  store: { id: number; name: string };
  pay_method_label: string;
};

const GETS = [
  "/mypage/reserves",
  "/mypage/reserves/1",
  "/mypage/driver-list",
  "/mypage/check-withdrawal",
  "/mypage/edit",
];
const POSTS = ["/mypage/withdrawal", "/mypage/update", "/mypage/password-update"];

describe.each(PREFIXES)("My Page API in %s (%s)", (prefix, locale) => {
  const api = `${prefix}/api/v1`;

  it("lists the member's reservations, coming first, with labels in the language", async () => {
    const response = await me.browser.get(`${api}/mypage/reserves`);
    expect(response.status).toBe(200);
    const { reserves } = await json<{ reserves: Reserve[] }>(response);
    expect(reserves.map((r) => r.reserve_no)).toEqual([upcoming.reserveNo, past.reserveNo]);
    const [first, second] = reserves as [Reserve, Reserve];
    expect(first).toMatchObject({
      id: upcoming.id,
      status: "upcoming",
      status_label: text(locale, "reserves.status.upcoming"),
      store: { id: upcoming.storeId, name: pickLang(storeRow, "storeName", locale) },
      car_type: { id: upcoming.carTypeId },
      rental_fee: 8_800,
      option_fee: 1_100,
      immunity_fee: 1_650,
      total_fee: 11_550,
      pay_method: 2,
      pay_method_label: text(locale, "reserves.pay.2"),
      time_zone: "Asia/Tokyo",
    });
    expect(first.departure).toMatch(/^\d{4}\/\d{2}\/\d{2} 10:00$/);
    expect(new Date(first.start_at as string).getTime()).toBeGreaterThan(Date.now());
    expect(second).toMatchObject({
      status: "returned",
      status_label: text(locale, "reserves.status.returned"),
      pay_method: 1,
      pay_method_label: text(locale, "reserves.pay.1"),
    });
  });

  it("shows one reservation in full, with its online cancellation terms", async () => {
    const response = await me.browser.get(`${api}/mypage/reserves/${upcoming.id}`);
    expect(response.status).toBe(200);
    const { reserve } = await json<{ reserve: Reserve & { cancellation: Record<string, unknown> } }>(response);
    const childSeat = { ja: "チャイルドシート", en: "Child seat", ko: "카시트", "zh-TW": "兒童安全座椅" }[locale];
    expect(reserve).toMatchObject({
      reserve_no: upcoming.reserveNo,
      options: [{ name: childSeat, quantity: 1, fee: 1_100 }],
      destination: "美ら海水族館",
      purpose: "観光",
      passengers: 2,
      renter: { name: "API 太郎", kana: "エーピーアイ タロウ" },
      driver: { name: "API 太郎" },
    });
    // Sakura lets customers cancel online until 24 hours before departure.
    expect(reserve.cancellation).toMatchObject({ state: "open", paid_by_card: false, refund: 0 });
    expect(new Date(reserve.cancellation.deadline as string).getTime()).toBe(
      new Date(reserve.start_at as string).getTime() - 24 * 3_600_000,
    );
    const pastDetail = await json<{ reserve: { cancellation: { state: string } } }>(
      await me.browser.get(`${api}/mypage/reserves/${past.id}`),
    );
    // Past its departure (and the counter recorded nothing): the online deadline has passed.
    expect(pastDetail.reserve.cancellation.state).toBe("deadline_passed");
  });

  it("answers 404 for another member's, another site's or a malformed reservation id", async () => {
    for (const id of [other.reservationId, kaede.reservationId, "abc", "0", "99999999999"]) {
      const response = await me.browser.get(`${api}/mypage/reserves/${id}`);
      expect(response.status, String(id)).toBe(404);
      const body = await json<ProblemBody>(response);
      expect(body.detail).toBe(text(locale, "error.notFound"));
      expect(JSON.stringify(body)).not.toContain("reserve_no");
    }
  });

  it("lists the member's drivers (none yet)", async () => {
    const response = await me.browser.get(`${api}/mypage/driver-list`);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ drivers: [] });
  });

  it("refuses withdrawal while a reservation exists, with §8's message", async () => {
    const check = await me.browser.get(`${api}/mypage/check-withdrawal`);
    expect(await json(check)).toEqual({
      can_withdraw: false,
      reason: "withdrawal_reserved",
      message: text(locale, "reason.withdrawal_reserved"),
    });
    const refused = await me.browser.post(`${api}/mypage/withdrawal`);
    expect(refused.status).toBe(422);
    expect(await json<ProblemBody>(refused)).toMatchObject({
      code: "rejected",
      reason: "withdrawal_reserved",
      detail: text(locale, "reason.withdrawal_reserved"),
    });
    // Still a member.
    expect((await me.browser.get(`${api}/users/me`)).status).toBe(200);
  });

  it("refuses withdrawal while renting", async () => {
    const renter = await freshMember(h);
    await addReservation(h, SITE, renter.id, { from: -1, to: 1 });
    expect(await json(await renter.browser.get(`${api}/mypage/check-withdrawal`))).toMatchObject({
      can_withdraw: false,
      reason: "withdrawal_renting",
      message: text(locale, "reason.withdrawal_renting"),
    });
    const refused = await renter.browser.post(`${api}/mypage/withdrawal`);
    expect(refused.status).toBe(422);
    expect((await json<ProblemBody>(refused)).detail).toBe(text(locale, "reason.withdrawal_renting"));
  });

  it("withdraws a member with no reservation and ends the session", async () => {
    const leaving = await freshMember(h);
    expect(await json(await leaving.browser.get(`${api}/mypage/check-withdrawal`))).toEqual({
      can_withdraw: true,
      reason: null,
      message: null,
    });
    const done = await leaving.browser.post(`${api}/mypage/withdrawal`);
    expect(done.status).toBe(200);
    expect(await json(done)).toEqual({ withdrawn: true });
    expect(leaving.browser.jar.values.has(`sid_${SITE}`)).toBe(false);
    const [row] = await h.handle
      .forSite(SITE)
      .select({ email: members.email, withdrawnAt: members.withdrawnAt })
      .from(members)
      .where(eq(members.id, leaving.id));
    expect(row).toMatchObject({ email: null });
    expect(row!.withdrawnAt).toBeInstanceOf(Date);
    const after = await leaving.browser.get(`${api}/mypage/edit`);
    expect(after.status).toBe(401);
  });

  it("gives the profile form's values and saves a change with the form's rules", async () => {
    const edit = await me.browser.get(`${api}/mypage/edit`);
    expect(edit.status).toBe(200);
    const { user_id, values } = await json<{ user_id: number; values: Record<string, string> }>(edit);
    expect(user_id).toBe(me.id);
    expect(values).toMatchObject({
      user_type: "1",
      email: me.email,
      birth_year: "1990",
      birth_month: "4",
      birth_day: "1",
      zip: "1000001",
      pref_code: "13",
      tel: "090-1234-5678",
    });
    const name = `API ${locale}`;
    const saved = await me.browser.post(`${api}/mypage/update`, { ...values, name, newsletter: 1 });
    expect(saved.status).toBe(200);
    expect(await json(saved)).toMatchObject({ values: { name, newsletter: "1" }, email_changed: false });
    const again = await json<{ values: Record<string, string> }>(await me.browser.get(`${api}/mypage/edit`));
    expect(again.values.name).toBe(name);
  });

  it("refuses a bad profile with the field map in the language", async () => {
    const { values } = await json<{ values: Record<string, string> }>(await me.browser.get(`${api}/mypage/edit`));
    const refused = await me.browser.post(`${api}/mypage/update`, { ...values, name: "", email: "nope" });
    expect(refused.status).toBe(422);
    const body = await json<ProblemBody>(refused);
    expect(body.errors).toMatchObject({
      name: [text(locale, "reason.name_required")],
      email: [text(locale, "reason.email_invalid")],
    });
    expect(body.error_codes).toMatchObject({ name: "name_required", email: "email_invalid" });
    // A new e-mail needs the current password.
    const noPassword = await me.browser.post(`${api}/mypage/update`, { ...values, email: `new-${me.email}` });
    expect(noPassword.status).toBe(422);
    expect((await json<ProblemBody>(noPassword)).errors).toEqual({
      current_password: [text(locale, "reason.password_required")],
    });
  });

  it("changes the password: the session goes on under a new id, the member's other sessions end", async () => {
    const member = await freshMember(h);
    const elsewhere = new Browser(h);
    expect(
      (await elsewhere.post(`${api}/users/login`, { email: member.email, password: member.password })).status,
    ).toBe(200);
    const before = member.browser.jar.values.get(`sid_${SITE}`);
    const changed = await member.browser.post(`${api}/mypage/password-update`, {
      current_password: member.password,
      password: "Vb7tRw2yLq",
      password_confirm: "Vb7tRw2yLq",
    });
    expect(changed.status).toBe(200);
    expect(await json(changed)).toEqual({ password_changed: true });
    expect(member.browser.jar.values.get(`sid_${SITE}`)).not.toBe(before);
    expect((await member.browser.get(`${api}/users/me`)).status).toBe(200);
    expect((await elsewhere.get(`${api}/users/me`)).status).toBe(401);
    const relogin = new Browser(h);
    expect((await relogin.post(`${api}/users/login`, { email: member.email, password: "Vb7tRw2yLq" })).status).toBe(
      200,
    );
  });

  it("refuses a bad password change with the field map in the language", async () => {
    const wrong = await me.browser.post(`${api}/mypage/password-update`, {
      current_password: "not-the-password",
      password: "Vb7tRw2yLq",
      password_confirm: "Vb7tRw2yLq",
    });
    expect(wrong.status).toBe(422);
    expect((await json<ProblemBody>(wrong)).errors).toEqual({
      current_password: [text(locale, "reason.current_password_incorrect")],
    });
    const mismatch = await me.browser.post(`${api}/mypage/password-update`, {
      current_password: me.password,
      password: "Vb7tRw2yLq",
      password_confirm: "Vb7tRw2yLx",
    });
    expect(mismatch.status).toBe(422);
    expect((await json<ProblemBody>(mismatch)).errors).toEqual({
      password_confirm: [text(locale, "reason.password_mismatch")],
    });
    const empty = await me.browser.post(`${api}/mypage/password-update`, {});
    expect(empty.status).toBe(422);
    expect((await json<ProblemBody>(empty)).errors?.current_password).toEqual([
      text(locale, "reason.password_required"),
    ]);
  });

  it("answers 401 to every operation without a session", async () => {
    const guest = new Browser(h);
    for (const path of GETS) {
      const response = await guest.get(`${api}${path}`);
      expect(response.status, path).toBe(401);
      expect((await json<ProblemBody>(response)).detail).toBe(text(locale, "flash.loginAgain"));
    }
    // Valid bodies: the framework checks a body before the session.
    const bodies: Record<string, unknown> = {
      "/mypage/withdrawal": {},
      "/mypage/update": registrationForm("x@example.com"),
      "/mypage/password-update": {
        current_password: "Zq8wNm4xKp",
        password: "Vb7tRw2yLq",
        password_confirm: "Vb7tRw2yLq",
      },
    };
    for (const path of POSTS) {
      const response = await guest.post(`${api}${path}`, bodies[path]);
      expect(response.status, path).toBe(401);
      expect((await json<ProblemBody>(response)).detail).toBe(text(locale, "flash.loginAgain"));
    }
  });
});

describe("My Page API across sites", () => {
  it("a sakura session sent to kaede is no session there (401), and sees nothing of sakura", async () => {
    for (const path of GETS) {
      const response = await me.browser.get(`/api/v1${path}`, { "X-Site-Id": "kaede" });
      expect(response.status, path).toBe(401);
      expect((await json<ProblemBody>(response)).detail).toBe(text("ja", "flash.loginAgain"));
    }
    const post = await me.browser.post("/en/api/v1/mypage/withdrawal", {}, { headers: { "X-Site-Id": "kaede" } });
    expect(post.status).toBe(401);
    expect((await json<ProblemBody>(post)).detail).toBe("Please log in again.");
  });

  it("answers 404 for a language the site does not offer", async () => {
    const kaedeMember = await freshMember(h, "kaede");
    expect((await kaedeMember.browser.get("/en/api/v1/mypage/reserves")).status).toBe(200);
    expect((await kaedeMember.browser.get("/kr/api/v1/mypage/reserves")).status).toBe(404);
  });
});
