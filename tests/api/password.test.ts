import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Locale, pickLang } from "#common/locales";
import { RESET_MAILS_PER_HOUR } from "#server/auth/password-reset";
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

const OLD_PASSWORD = "Zq8wNm4xKp";
const NEW_PASSWORD = "Hv3tLs9pQw";

/** A member of the site made through the API, and the browser signed in as them. */
async function member(site = SITE, prefix = "") {
  const email = freshEmail();
  const browser = new Browser(h, site);
  const response = await browser.post(`${prefix}/api/v1/users/register`, registrationForm(email));
  expect(response.status).toBe(201);
  return { email, browser };
}

/** The site's title in a language, as its mails name it. */
async function siteTitle(site: string, locale: Locale) {
  const bundle = await h.services.siteCache.get(h.handle.forSite(site), site);
  return pickLang(bundle!.settings, "siteTitle", locale);
}

/** The token of the newest reset mail to an address, and its link. */
async function resetLink(site: string, email: string) {
  const [mail] = (await mailsTo(h, site, email)).filter((m) => m.kind === "password_reset");
  if (!mail) throw new Error("no reset mail");
  const link = /https?:\/\/\S+password_reset\?token=([A-Za-z0-9_-]+)/.exec(mail.bodyText);
  if (!link) throw new Error("no link in the reset mail");
  return { mail, link: link[0], token: link[1]! };
}

describe.each(PREFIXES)("password API at '%s' (%s)", (prefix, locale) => {
  const api = `${prefix}/api/v1`;

  it("mails a reset link in the language, checks its token, sets the new password once", async () => {
    const { email, browser: signedIn } = await member();
    const guest = new Browser(h);

    const requested = await guest.post(`${api}/password-reset`, { email });
    expect(requested.status).toBe(200);
    expect(await requested.json()).toEqual({ message: text(locale, "pwreset.sent.lead") });
    const { mail, link, token } = await resetLink(SITE, email);
    expect(mail.locale).toBe(locale);
    expect(mail.subject).toBe(text(locale, "pwreset.mail.subject", { site: await siteTitle(SITE, locale) }));
    expect(new URL(link).pathname).toBe(`${prefix}/${SITE}/password_reset`);

    const valid = await guest.get(`${api}/password-reset-identification?token=${token}`);
    expect(valid.status).toBe(200);
    expect(await valid.json()).toEqual({ valid: true });

    const updated = await guest.post(`${api}/password-update`, {
      token,
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toEqual({ message: text(locale, "pwreset.flash.done") });

    // Every session of the member ended; the new password logs in, the old one no longer does.
    expect((await signedIn.get(`${api}/users/me`)).status).toBe(401);
    expect((await guest.post(`${api}/users/login`, { email, password: OLD_PASSWORD })).status).toBe(422);
    expect((await guest.post(`${api}/users/login`, { email, password: NEW_PASSWORD })).status).toBe(200);

    // The link is used up.
    const used = await guest.get(`${api}/password-reset-identification?token=${token}`);
    expect(used.status).toBe(422);
    const again = await guest.post(`${api}/password-update`, {
      token,
      password: OLD_PASSWORD,
      password_confirm: OLD_PASSWORD,
    });
    expect(again.status).toBe(422);
    expect((await json<ProblemBody>(again)).reason).toBe("reset_link_invalid");
  });

  it("answers the same for an address that is no member's, and sends nothing", async () => {
    const email = freshEmail();
    const response = await new Browser(h).post(`${api}/password-reset`, { email });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: text(locale, "pwreset.sent.lead") });
    expect(await mailsTo(h, SITE, email)).toHaveLength(0);
  });

  it("refuses a missing or malformed address by field", async () => {
    const browser = new Browser(h);
    for (const [email, reason] of [
      ["", "email_required"],
      ["nobody-at-example", "email_invalid"],
    ] as const) {
      const response = await browser.post(`${api}/password-reset`, { email });
      expect(response.status).toBe(422);
      const problem = await json<ProblemBody>(response);
      expect(problem.errors?.email).toEqual([text(locale, `reason.${reason}`)]);
      expect(problem.error_codes?.email).toBe(reason);
    }
  });

  it("says an unknown, malformed or missing token is not valid (422 reset_link_invalid, in the language)", async () => {
    const browser = new Browser(h);
    for (const query of [`?token=${"A".repeat(43)}`, "?token=short", ""]) {
      const response = await browser.get(`${api}/password-reset-identification${query}`);
      expect(response.status).toBe(422);
      const problem = await json<ProblemBody>(response);
      expect(problem.reason).toBe("reset_link_invalid");
      expect(problem.detail).toBe(text(locale, "reason.reset_link_invalid"));
    }
    const update = await browser.post(`${api}/password-update`, {
      token: "A".repeat(43),
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(update.status).toBe(422);
    expect((await json<ProblemBody>(update)).detail).toBe(text(locale, "reason.reset_link_invalid"));
  });

  it("refuses the new password's errors by field, and a common one, leaving the link usable", async () => {
    const { email } = await member();
    const browser = new Browser(h);
    await browser.post(`${api}/password-reset`, { email });
    const { token } = await resetLink(SITE, email);

    const mismatch = await browser.post(`${api}/password-update`, {
      token,
      password: NEW_PASSWORD,
      password_confirm: "other1234",
    });
    expect(mismatch.status).toBe(422);
    expect((await json<ProblemBody>(mismatch)).errors).toEqual({
      password_confirm: [text(locale, "reason.password_mismatch")],
    });

    const short = await browser.post(`${api}/password-update`, { token, password: "ab1", password_confirm: "ab1" });
    expect((await json<ProblemBody>(short)).errors?.password).toEqual([text(locale, "reason.password_too_short")]);

    const common = await browser.post(`${api}/password-update`, {
      token,
      password: "password",
      password_confirm: "password",
    });
    expect(common.status).toBe(422);
    expect((await json<ProblemBody>(common)).errors?.password).toEqual([text(locale, "reason.password_common")]);

    expect((await browser.get(`${api}/password-reset-identification?token=${token}`)).status).toBe(200);
  });

  it("refuses a POST without X-CSRF-Token (403)", async () => {
    const browser = new Browser(h);
    await browser.get(`${api}/auth/csrf-cookie`);
    for (const [path, body] of [
      ["password-reset", { email: "hanako@example.com" }],
      ["password-update", { token: "A".repeat(43), password: NEW_PASSWORD, password_confirm: NEW_PASSWORD }],
    ] as const) {
      const response = await browser.post(`${api}/${path}`, body, { csrf: false });
      expect(response.status).toBe(403);
      expect((await json<ProblemBody>(response)).detail).toBe(text(locale, "error.refusedLead"));
    }
  });
});

describe("password API: throttle and sites", () => {
  it(`mails at most ${RESET_MAILS_PER_HOUR} links an hour to one address, answering the same every time`, async () => {
    const { email } = await member();
    const browser = new Browser(h);
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i++) {
      const response = await browser.post("/api/v1/password-reset", { email });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: text("ja", "pwreset.sent.lead") });
    }
    expect((await mailsTo(h, SITE, email)).filter((m) => m.kind === "password_reset")).toHaveLength(
      RESET_MAILS_PER_HOUR,
    );
  });

  it("a link of one site is not valid on another, even for the same address there", async () => {
    const email = freshEmail();
    // The same address registered on both sites: two accounts.
    await new Browser(h, "sakura").post("/api/v1/users/register", registrationForm(email));
    await new Browser(h, "kaede").post("/api/v1/users/register", registrationForm(email));
    await new Browser(h, "sakura").post("/en/api/v1/password-reset", { email });
    const { token } = await resetLink("sakura", email);
    expect((await mailsTo(h, "kaede", email)).filter((m) => m.kind === "password_reset")).toHaveLength(0);

    const kaede = new Browser(h, "kaede");
    const check = await kaede.get(`/en/api/v1/password-reset-identification?token=${token}`);
    expect(check.status).toBe(422);
    expect((await json<ProblemBody>(check)).detail).toBe(text("en", "reason.reset_link_invalid"));
    const update = await kaede.post("/en/api/v1/password-update", {
      token,
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(update.status).toBe(422);
    // Still valid where it belongs.
    expect((await new Browser(h, "sakura").get(`/api/v1/password-reset-identification?token=${token}`)).status).toBe(
      200,
    );
  });

  it("a store-registered member without a password gets the first-password mail", async () => {
    await new Browser(h).post("/tw/api/v1/password-reset", { email: "store-member@example.com" });
    const { mail } = await resetLink(SITE, "store-member@example.com");
    expect(mail.locale).toBe("zh-TW");
    expect(mail.subject).toBe(text("zh-TW", "pwreset.mail.firstSubject", { site: await siteTitle(SITE, "zh-TW") }));
  });
});
