import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSession } from "#server/auth/sessions";
import { REGISTRATION_DRAFT_KEY } from "#server/members/registration";
import {
  Browser,
  freshEmail,
  type Harness,
  json,
  mailsTo,
  PREFIXES,
  type ProblemBody,
  registrationForm,
  SITE,
  text,
} from "./account-client";
import { apiHarness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await apiHarness();
});
afterAll(() => h.handle.close());

type Registration = { registration: Record<string, unknown> };
type UserAnswer = { user: { id: number; email: string; name: string; user_type: number; locale: string } };

/** A guest browser whose session holds a booking in progress with this borrower (what the customer step keeps). */
async function guestWithBooking(borrower: Record<string, unknown> | null) {
  const browser = new Browser(h);
  const { createSession } = await import("#server/auth/sessions");
  const token = await createSession(h.handle.forSite(SITE), SITE, {
    memberId: null,
    data: {
      reserve: {
        storeId: 1,
        carTypeId: 1,
        startAt: "2030-01-10T02:00:00.000Z",
        endAt: "2030-01-10T09:00:00.000Z",
        borrower,
      },
    },
  });
  browser.jar.values.set(`sid_${SITE}`, token);
  return browser;
}

const BORROWER = (email: string) => ({
  userType: 1,
  name: "予約 次郎",
  kana: "ヨヤク ジロウ",
  email,
  tel: "+819012345678",
  zip: "1000001",
  prefCode: 13,
  country: "JP",
  addressA: "千代田区千代田1-1",
  addressB: "",
  birthdate: "1985-06-15",
});

describe.each(PREFIXES)("users API at '%s' (%s)", (prefix, locale) => {
  const api = `${prefix}/api/v1`;

  it("registers in three steps: session, confirmation, register; logs in and sends the welcome mail in the language", async () => {
    const browser = new Browser(h);
    const email = freshEmail();

    const stored = await browser.post(`${api}/users/register-session`, registrationForm(email));
    expect(stored.status).toBe(200);
    const draft = (await json<Registration>(stored)).registration;
    expect(draft).toMatchObject({
      email,
      user_type: 1,
      user_type_label: text(locale, "member.userType.1"),
      gender_label: text(locale, "member.gender.1"),
      pref_code: 13,
      pref_name: text(locale, "pref.13"),
      birthdate: "1990-04-01",
      tel: "+819012345678",
      newsletter_label: text(locale, "member.newsletter.0"),
    });
    expect(JSON.stringify(draft)).not.toContain("Zq8wNm4xKp");

    const confirmed = await browser.post(`${api}/users/register-confirmation`);
    expect(confirmed.status).toBe(200);
    expect((await json<Registration>(confirmed)).registration).toEqual(draft);

    const registered = await browser.post(`${api}/users/register`);
    expect(registered.status).toBe(201);
    const { user } = await json<UserAnswer>(registered);
    expect(user).toMatchObject({ email, name: "API 太郎", user_type: 1, locale });

    const me = await browser.get(`${api}/users/me`);
    expect(me.status).toBe(200);
    expect((await json<UserAnswer>(me)).user.id).toBe(user.id);

    const mails = await mailsTo(h, SITE, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "welcome", locale });
    expect(mails[0]!.bodyText).toContain(`${prefix}/${SITE}/login`);

    // The draft is used up: a second register has nothing to register (and the member is signed in now: 403).
    const again = await browser.post(`${api}/users/register`);
    expect(again.status).toBe(403);
    expect((await json<ProblemBody>(again)).detail).toBe(text(locale, "error.refused"));
  });

  it("registers in one step from the body", async () => {
    const browser = new Browser(h);
    const email = freshEmail();
    const response = await browser.post(`${api}/users/register`, {
      ...registrationForm(email),
      // JSON numbers are read as the form's text.
      user_type: 1,
      pref_code: 13,
      newsletter: 1,
    });
    expect(response.status).toBe(201);
    expect((await json<UserAnswer>(response)).user.email).toBe(email);
    expect((await browser.get(`${api}/users/me`)).status).toBe(200);
    expect(await mailsTo(h, SITE, email)).toHaveLength(1);
  });

  it("refuses the form's errors by field, in the language", async () => {
    const browser = new Browser(h);
    const bad = registrationForm("not-an-address", {
      name: "",
      password_confirm: "different1",
      birth_month: "",
      birth_day: "",
      // An address in Japan without its prefecture (the country decides what an address needs).
      country: "JP",
      pref_code: "",
    });
    for (const path of ["register-session", "register"]) {
      const response = await browser.post(`${api}/users/${path}`, bad);
      expect(response.status).toBe(422);
      const problem = await json<ProblemBody>(response);
      expect(problem.errors).toMatchObject({
        name: [text(locale, "reason.name_required")],
        email: [text(locale, "reason.email_invalid")],
        password_confirm: [text(locale, "reason.password_mismatch")],
        birthdate: [text(locale, "reason.birthdate_required")],
        pref_code: [text(locale, "reason.pref_required")],
      });
      expect(problem.error_codes).toMatchObject({ name: "name_required", email: "email_invalid" });
      expect(problem.detail).toBe(text(locale, "reason.invalid_input"));
    }
  });

  it("refuses a common password", async () => {
    const browser = new Browser(h);
    const response = await browser.post(
      `${api}/users/register-session`,
      registrationForm(freshEmail(), { password: "password", password_confirm: "password" }),
    );
    expect(response.status).toBe(422);
    expect((await json<ProblemBody>(response)).errors?.password).toEqual([text(locale, "reason.password_common")]);
  });

  it("refuses an address already registered on the site (email_taken), whatever its case", async () => {
    const browser = new Browser(h);
    for (const [path, email] of [
      ["register-session", "hanako@example.com"],
      ["register", "HANAKO@Example.com"],
    ] as const) {
      const response = await browser.post(`${api}/users/${path}`, registrationForm(email));
      expect(response.status).toBe(422);
      const problem = await json<ProblemBody>(response);
      expect(problem.errors?.email).toEqual([text(locale, "reason.email_taken")]);
      expect(problem.error_codes?.email).toBe("email_taken");
    }
  });

  it("refuses a draft whose address was registered since step 1 at the confirmation and at register", async () => {
    const first = new Browser(h);
    const second = new Browser(h);
    const email = freshEmail();
    expect((await first.post(`${api}/users/register-session`, registrationForm(email))).status).toBe(200);
    expect((await second.post(`${api}/users/register`, registrationForm(email))).status).toBe(201);
    for (const path of ["register-confirmation", "register"]) {
      const response = await first.post(`${api}/users/${path}`);
      expect(response.status).toBe(422);
      expect((await json<ProblemBody>(response)).errors?.email).toEqual([text(locale, "reason.email_taken")]);
    }
    expect(await mailsTo(h, SITE, email)).toHaveLength(1);
  });

  it("answers 404 in the language when no registration is in progress", async () => {
    const browser = new Browser(h);
    for (const path of ["register-confirmation", "register"]) {
      const response = await browser.post(`${api}/users/${path}`);
      expect(response.status).toBe(404);
      expect((await json<ProblemBody>(response)).detail).toBe(text(locale, "error.notFound"));
    }
  });

  it("refuses a signed-in member (403), as the pages send them away", async () => {
    const browser = new Browser(h);
    const login = await browser.post(`${api}/users/login`, { email: "hanako@example.com", password: "rentacar-demo" });
    expect(login.status).toBe(200);
    for (const path of ["register-session", "register-confirmation", "register", "reserve-user-register"]) {
      const response = await browser.post(`${api}/users/${path}`, registrationForm(freshEmail()));
      expect(response.status).toBe(403);
      expect((await json<ProblemBody>(response)).detail).toBe(text(locale, "error.refused"));
    }
  });

  it("refuses every POST without X-CSRF-Token (403)", async () => {
    const browser = new Browser(h);
    await browser.get(`${api}/auth/csrf-cookie`);
    for (const path of ["register-session", "register-confirmation", "register", "reserve-user-register"]) {
      const response = await browser.post(`${api}/users/${path}`, registrationForm(freshEmail()), { csrf: false });
      expect(response.status).toBe(403);
      const problem = await json<ProblemBody>(response);
      expect(problem.reason).toBe("csrf_failed");
      expect(problem.detail).toBe(text(locale, "error.refusedLead"));
    }
  });

  it("reserve-user-register: registers the booking's borrower with a password, keeps the booking, logs in", async () => {
    const email = freshEmail();
    const browser = await guestWithBooking(BORROWER(email));
    const response = await browser.post(`${api}/users/reserve-user-register`, {
      password: "Zq8wNm4xKp",
      password_confirm: "Zq8wNm4xKp",
      gender: "2",
    });
    expect(response.status).toBe(201);
    const body = await json<UserAnswer & { booking_in_progress: boolean }>(response);
    expect(body).toMatchObject({ user: { email, name: "予約 次郎", locale }, booking_in_progress: true });

    // Signed in on a new session id that still holds the booking.
    const token = browser.jar.values.get(`sid_${SITE}`)!;
    const session = await readSession(h.handle.forSite(SITE), SITE, token);
    expect(session?.member?.id).toBe(body.user.id);
    expect(session?.data.reserve).toMatchObject({ storeId: 1, carTypeId: 1 });
    expect((await mailsTo(h, SITE, email))[0]).toMatchObject({ kind: "welcome", locale });
  });

  it("reserve-user-register: the body's fields win over the borrower's; missing ones are refused by field", async () => {
    const email = freshEmail();
    const noBirthdate = { ...BORROWER("borrower@example.com"), birthdate: null };
    const refused = await (await guestWithBooking(noBirthdate)).post(`${api}/users/reserve-user-register`, {
      password: "Zq8wNm4xKp",
    });
    expect(refused.status).toBe(422);
    expect((await json<ProblemBody>(refused)).errors).toMatchObject({
      birthdate: [text(locale, "reason.birthdate_required")],
      password_confirm: [text(locale, "reason.password_required")],
    });

    const browser = await guestWithBooking(noBirthdate);
    const response = await browser.post(`${api}/users/reserve-user-register`, {
      email,
      birth_year: "1980",
      birth_month: "2",
      birth_day: "29",
      password: "Zq8wNm4xKp",
      password_confirm: "Zq8wNm4xKp",
    });
    expect(response.status).toBe(201);
    expect((await json<UserAnswer>(response)).user.email).toBe(email);
  });

  it("reserve-user-register: email_taken, and 404 without a booking in progress", async () => {
    const taken = await (await guestWithBooking(BORROWER("hanako@example.com"))).post(
      `${api}/users/reserve-user-register`,
      { password: "Zq8wNm4xKp", password_confirm: "Zq8wNm4xKp" },
    );
    expect(taken.status).toBe(422);
    expect((await json<ProblemBody>(taken)).errors?.email).toEqual([text(locale, "reason.email_taken")]);

    const none = await new Browser(h).post(`${api}/users/reserve-user-register`, registrationForm(freshEmail()));
    expect(none.status).toBe(404);
    expect((await json<ProblemBody>(none)).detail).toBe(text(locale, "error.notFound"));
  });
});

describe("users API across sites and retries", () => {
  it("a retried register with the same Idempotency-Key gets the first answer, and registers once", async () => {
    const browser = new Browser(h);
    const email = freshEmail();
    await browser.post("/api/v1/users/register-session", registrationForm(email));
    const headers = { "Idempotency-Key": `register-${email}` };
    // The first answer is lost on the way: the retry goes with the cookies the browser had.
    const first = await browser.post("/api/v1/users/register", {}, { headers, keepCookies: false });
    expect(first.status).toBe(201);
    const retry = await browser.post("/api/v1/users/register", {}, { headers });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await retry.json()).toEqual(await first.json());
    expect(await mailsTo(h, SITE, email)).toHaveLength(1);
  });

  it("a draft kept on one site is not seen by another, where the same address is a separate account", async () => {
    const sakura = new Browser(h, "sakura");
    const email = freshEmail();
    expect((await sakura.post("/api/v1/users/register-session", registrationForm(email))).status).toBe(200);

    // The same browser (its cookies) naming kaede: no draft there.
    const kaede = new Browser(h, "kaede");
    for (const [name, value] of sakura.jar.values) kaede.jar.values.set(name, value);
    expect((await kaede.post("/en/api/v1/users/register-confirmation")).status).toBe(404);

    expect((await sakura.post("/api/v1/users/register")).status).toBe(201);
    const other = await kaede.post("/en/api/v1/users/register", registrationForm(email));
    expect(other.status).toBe(201);
    expect((await mailsTo(h, "kaede", email))[0]).toMatchObject({ kind: "welcome", locale: "en" });
  });

  it("a language the site does not offer answers 404", async () => {
    const response = await new Browser(h, "kaede").post(
      "/kr/api/v1/users/register-session",
      registrationForm(freshEmail()),
    );
    expect(response.status).toBe(404);
  });

  it("keeps the draft the pages use, so the pages' confirmation shows it", async () => {
    const browser = new Browser(h);
    await browser.post("/api/v1/users/register-session", registrationForm(freshEmail()));
    const session = await readSession(h.handle.forSite(SITE), SITE, browser.jar.values.get(`sid_${SITE}`)!);
    expect(session?.data[REGISTRATION_DRAFT_KEY]).toMatchObject({ passwordHash: expect.stringMatching(/^\$argon2/) });
  });
});
