import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, members, passwordResetTokens, rateLimits, sessions } from "#server/db/schema";
import { createMember } from "#server/db/seed/members-factory";
import { AppError } from "#server/errors";
import { createMailer } from "#server/mail/mailer";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { login } from "./login";
import { RESET_MAILS_PER_HOUR, requestReset, resetPassword } from "./password-reset";
import { hashPassword, verifyPassword } from "./passwords";
import { createSession, hashToken, readSession } from "./sessions";

let handle: TestDb;
let siteId: string;
let otherSiteId: string;
const mailer = createMailer({ MAIL_TRANSPORT: "outbox" });
const NEW_PASSWORD = "brand-new-pass-7";

beforeAll(async () => {
  handle = await createTestDb();
  siteId = (await makeSite(handle.owner)).siteId;
  otherSiteId = (await makeSite(handle.owner)).siteId;
});
afterAll(() => handle.close());

async function member(email: string, options: { store?: boolean; site?: string } = {}) {
  return createMember(handle.owner, options.site ?? siteId, {
    name: "花子",
    email,
    passwordHash: options.store ? null : await hashPassword("old-password-1"),
    registeredByStore: options.store ?? false,
  });
}

/** Requests a link and returns the token read from the mail (the database keeps only its hash). */
async function request(email: string, options: { site?: string; now?: Date } = {}) {
  let sent: { link: string; firstPassword: boolean } | undefined;
  await requestReset(
    handle.forSite(options.site ?? siteId),
    options.site ?? siteId,
    { email },
    {
      mailer,
      locale: "ja",
      now: options.now,
      linkFor: (token) => `https://example.test/reset?token=${token}`,
      mail: (args) => {
        sent = args;
        return { subject: "reset", text: `link ${args.link}` };
      },
    },
  );
  return sent
    ? { token: new URL(sent.link).searchParams.get("token") as string, firstPassword: sent.firstPassword }
    : null;
}

const reset = (token: string, password = NEW_PASSWORD, now?: Date, site = siteId) =>
  resetPassword(handle.forSite(site), site, { token, password, password_confirm: password }, now);

const reason = (e: unknown) => (e instanceof AppError ? (e.details.reason?.code ?? e.details.fieldErrors) : e);

describe("password reset request", () => {
  it("stores only the token's hash, valid one hour, and mails the link", async () => {
    const id = await member("hash@example.com");
    const now = new Date();
    const sent = await request("HASH@example.com", { now });
    expect(sent?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent?.firstPassword).toBe(false);
    const rows = await handle
      .forSite(siteId)
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.memberId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(sent?.token as string));
    expect(JSON.stringify(rows)).not.toContain(sent?.token);
    expect(rows[0]?.expiresAt.getTime()).toBe(now.getTime() + 60 * 60 * 1000);
    const mails = await handle
      .forSite(siteId)
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, "hash@example.com"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "password_reset", locale: "ja" });
  });

  it("does nothing for an unknown address, a withdrawn member or another site's member", async () => {
    await member("elsewhere@example.com", { site: otherSiteId });
    expect(await request("nobody@example.com")).toBeNull();
    expect(await request("elsewhere@example.com")).toBeNull();
    const mails = await handle
      .forSite(siteId)
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, "nobody@example.com"));
    expect(mails).toHaveLength(0);
  });

  it("sends at most five mails an hour per address, silently", async () => {
    await member("throttle@example.com");
    const now = new Date("2030-01-01T10:05:00Z");
    const sent = [];
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i++) sent.push(await request("throttle@example.com", { now }));
    expect(sent.filter(Boolean)).toHaveLength(RESET_MAILS_PER_HOUR);
    expect(await request("throttle@example.com", { now: new Date("2030-01-01T11:00:00Z") })).not.toBeNull();
    await handle.owner.delete(rateLimits);
  });
});

describe("password reset", () => {
  it("sets the password once: the link is single use and the member's other links die with it", async () => {
    const id = await member("once@example.com");
    const first = await request("once@example.com");
    const second = await request("once@example.com");
    await expect(reset(first?.token as string)).resolves.toEqual({ memberId: id });
    const [row] = await handle.forSite(siteId).select().from(members).where(eq(members.id, id));
    expect(await verifyPassword(row?.passwordHash as string, NEW_PASSWORD)).toBe(true);
    await expect(reset(first?.token as string, "another-pass-9")).rejects.toSatisfy(
      (e) => reason(e) === "reset_link_invalid",
    );
    await expect(reset(second?.token as string, "another-pass-9")).rejects.toSatisfy(
      (e) => reason(e) === "reset_link_invalid",
    );
  });

  it("refuses a link older than an hour", async () => {
    await member("expired@example.com");
    const t0 = new Date();
    const sent = await request("expired@example.com", { now: t0 });
    await expect(
      reset(sent?.token as string, NEW_PASSWORD, new Date(t0.getTime() + 60 * 60 * 1000 + 1)),
    ).rejects.toSatisfy((e) => reason(e) === "reset_link_invalid");
    await expect(
      reset(sent?.token as string, NEW_PASSWORD, new Date(t0.getTime() + 59 * 60 * 1000)),
    ).resolves.toBeTruthy();
  });

  it("refuses another site's link, a made-up token and an empty one", async () => {
    await member("site@example.com");
    const sent = await request("site@example.com");
    for (const token of ["x".repeat(43), "", "short"]) {
      await expect(reset(token)).rejects.toSatisfy((e) => reason(e) === "reset_link_invalid");
    }
    await expect(reset(sent?.token as string, NEW_PASSWORD, undefined, otherSiteId)).rejects.toSatisfy(
      (e) => reason(e) === "reset_link_invalid",
    );
    await expect(reset(sent?.token as string)).resolves.toBeTruthy();
  });

  it("refuses a common password as a field error and keeps the link usable", async () => {
    await member("common@example.com");
    const sent = await request("common@example.com");
    await expect(reset(sent?.token as string, "password123")).rejects.toSatisfy(
      (e) => JSON.stringify(reason(e)) === JSON.stringify({ password: { code: "password_common" } }),
    );
    await expect(reset(sent?.token as string)).resolves.toBeTruthy();
  });

  it("ends every session of the member", async () => {
    const id = await member("sessions@example.com");
    const a = await createSession(handle.forSite(siteId), siteId, { memberId: id });
    const b = await createSession(handle.forSite(siteId), siteId, { memberId: id });
    const sent = await request("sessions@example.com");
    await reset(sent?.token as string);
    expect(await readSession(handle.forSite(siteId), siteId, a)).toBeNull();
    expect(await readSession(handle.forSite(siteId), siteId, b)).toBeNull();
    const left = await handle
      .forSite(siteId)
      .select()
      .from(sessions)
      .where(and(eq(sessions.siteId, siteId), eq(sessions.memberId, id)));
    expect(left).toHaveLength(0);
  });

  it("lets a store-registered member log in only after setting a first password by the link", async () => {
    const id = await member("store@example.com", { store: true });
    const attempt = (password: string) =>
      login(handle.forSite(siteId), siteId, {
        email: "store@example.com",
        password,
        clientIp: "192.0.2.9",
        locale: "ja",
      });
    await expect(attempt(NEW_PASSWORD)).rejects.toSatisfy((e) => reason(e) === "login_failed");
    const sent = await request("store@example.com");
    expect(sent?.firstPassword).toBe(true);
    await reset(sent?.token as string);
    await expect(attempt(NEW_PASSWORD)).resolves.toEqual({ memberId: id });
    const [row] = await handle.forSite(siteId).select().from(members).where(eq(members.id, id));
    expect(row?.registeredByStore).toBe(false);
  });
});
