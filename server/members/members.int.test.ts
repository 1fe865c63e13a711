import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "#server/auth/passwords";
import { createSession, readSession } from "#server/auth/sessions";
import { mailOutbox, members } from "#server/db/schema";
import { createMember } from "#server/db/seed/members-factory";
import { AppError } from "#server/errors";
import { createMailer } from "#server/mail/mailer";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { type RegistrationInput, RegistrationSchema } from "./member.schema";
import { changePassword } from "./password-change";
import { getProfile, updateProfile } from "./profile";
import { prepareRegistration, readDraft, register } from "./registration";

let handle: TestDb;
let siteId: string;
let otherSiteId: string;
const mailer = createMailer({ MAIL_TRANSPORT: "outbox" });
const welcome = (m: { name: string; email: string }) => ({ subject: `Welcome ${m.name}`, text: `Hello ${m.email}` });
const deps = { mailer, locale: "en" as const, welcome };

beforeAll(async () => {
  handle = await createTestDb();
  siteId = (await makeSite(handle.owner)).siteId;
  otherSiteId = (await makeSite(handle.owner)).siteId;
});
afterAll(() => handle.close());

let seq = 0;
function input(overrides: Record<string, string> = {}): RegistrationInput {
  seq += 1;
  const parsed = RegistrationSchema.safeParse({
    user_type: "1",
    name: "山田 花子",
    kana: "ヤマダ ハナコ",
    email: `member-${seq}-${Date.now()}@example.com`,
    password: "s3cret-pass",
    password_confirm: "s3cret-pass",
    birth_year: "1990",
    birth_month: "4",
    birth_day: "15",
    tel: "090-1234-5678",
    zip: "1000001",
    pref_code: "13",
    country: "日本",
    address_a: "千代田区千代田1-1",
    newsletter: "1",
    ...overrides,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

async function fieldCode(promise: Promise<unknown>, field: string): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error.details.fieldErrors?.[field]?.code;
  }
}

const memberRow = async (id: number) =>
  (await handle.forSite(siteId).select().from(members).where(eq(members.id, id)))[0];
const mailsTo = (to: string, site = siteId) =>
  handle
    .forSite(site)
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.siteId, site), eq(mailOutbox.toAddress, to)));

describe("register", () => {
  it("creates the member with a hashed password, the page's locale and a welcome mail", async () => {
    const data = input({ gender: "2" });
    const { memberId } = await register(handle.forSite(siteId), siteId, data, deps);
    const row = await memberRow(memberId);
    expect(row).toMatchObject({
      siteId,
      userType: 1,
      name: "山田 花子",
      email: data.email,
      gender: 2,
      birthdate: "1990-04-15",
      zip: "1000001",
      prefCode: 13,
      newsletter: 1,
      locale: "en",
      registeredByStore: false,
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(row?.passwordHash ?? "", "s3cret-pass")).toBe(true);
    const mails = await mailsTo(data.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "welcome", locale: "en", subject: "Welcome 山田 花子", status: "stored" });
  });

  it("registers a corporation with its company", async () => {
    const { memberId } = await register(
      handle.forSite(siteId),
      siteId,
      input({ user_type: "2", company: "株式会社テスト", company_kana: "カブシキガイシャテスト" }),
      deps,
    );
    expect(await memberRow(memberId)).toMatchObject({ userType: 2, company: "株式会社テスト" });
  });

  it("refuses an address already registered on the site, whatever its case, and sends no mail", async () => {
    const first = input();
    await register(handle.forSite(siteId), siteId, first, deps);
    const again = input({ email: first.email.toUpperCase() });
    expect(await fieldCode(register(handle.forSite(siteId), siteId, again, deps), "email")).toBe("email_taken");
    expect(await mailsTo(first.email.toUpperCase())).toHaveLength(0);
    // The input step says so too, before anything is hashed.
    expect(await fieldCode(prepareRegistration(handle.forSite(siteId), siteId, again), "email")).toBe("email_taken");
  });

  it("allows the same address on another site, and again once the member has withdrawn", async () => {
    const data = input();
    const { memberId } = await register(handle.forSite(siteId), siteId, data, deps);
    await expect(register(handle.forSite(otherSiteId), otherSiteId, data, deps)).resolves.toMatchObject({
      memberId: expect.any(Number),
    });
    await handle.owner.update(members).set({ email: null, withdrawnAt: new Date() }).where(eq(members.id, memberId));
    await expect(register(handle.forSite(siteId), siteId, data, deps)).resolves.toMatchObject({
      memberId: expect.any(Number),
    });
  });

  it("refuses a common password", async () => {
    const data = input({ password: "password", password_confirm: "password" });
    expect(await fieldCode(register(handle.forSite(siteId), siteId, data, deps), "password")).toBe("password_common");
    expect(await fieldCode(prepareRegistration(handle.forSite(siteId), siteId, data), "password")).toBe(
      "password_common",
    );
  });

  it("registers from a draft holding only the hash, and the draft survives the session's JSON", async () => {
    const data = input();
    const draft = await prepareRegistration(handle.forSite(siteId), siteId, data);
    expect(JSON.stringify(draft)).not.toContain("s3cret-pass");
    const token = await createSession(handle.forSite(siteId), siteId, {
      memberId: null,
      data: { registration: draft },
    });
    const stored = readDraft((await readSession(handle.forSite(siteId), siteId, token))?.data.registration);
    expect(stored).toEqual({ ...draft, error: undefined });
    const { memberId } = await register(handle.forSite(siteId), siteId, draft, deps);
    expect(await verifyPassword((await memberRow(memberId))?.passwordHash ?? "", "s3cret-pass")).toBe(true);
  });

  it("reads no draft from junk", () => {
    expect(readDraft(undefined)).toBeNull();
    expect(readDraft({ profile: { email: "a@b.c", name: "x", userType: 1 }, passwordHash: "plain" })).toBeNull();
    expect(readDraft({ passwordHash: "$argon2id$x" })).toBeNull();
  });

  it("lets one of two simultaneous registrations with the same address win (unique index)", async () => {
    const data = input();
    const results = await Promise.allSettled([
      register(handle.forSite(siteId), siteId, data, deps),
      register(handle.forSite(siteId), siteId, { ...data, email: data.email.toUpperCase() }, deps),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect((refused.reason as AppError).details.fieldErrors?.email?.code).toBe("email_taken");
    expect(await mailsTo(data.email)).toHaveLength(results[0]?.status === "fulfilled" ? 1 : 0);
  });
});

describe("profile", () => {
  async function newMember(email = `p-${Date.now()}-${Math.random()}@example.com`) {
    const passwordHash = await hashPassword("old-pass-1");
    return createMember(handle.owner, siteId, { name: "前の名前", kana: "マエ", email, passwordHash, locale: "ja" });
  }
  const update = (overrides: Record<string, string>, email: string) => {
    const { password: _p, ...profile } = input({ email, ...overrides });
    return { ...profile, currentPassword: overrides.current_password ?? "" };
  };

  it("reads and updates the profile without the password when the e-mail stays (case aside)", async () => {
    const email = `keep-${Date.now()}@example.com`;
    const id = await newMember(email);
    expect(await getProfile(handle.forSite(siteId), siteId, id)).toMatchObject({
      name: "前の名前",
      birthdate: null,
      prefCode: null,
    });
    const result = await updateProfile(
      handle.forSite(siteId),
      siteId,
      id,
      update({ name: "新しい名前" }, email.toUpperCase()),
    );
    expect(result).toEqual({ emailChanged: false });
    expect(await getProfile(handle.forSite(siteId), siteId, id)).toMatchObject({
      name: "新しい名前",
      email: email.toUpperCase(),
      birthdate: "1990-04-15",
      prefCode: 13,
    });
  });

  it("asks for the current password to change the e-mail, and checks it", async () => {
    const id = await newMember();
    const next = `next-${Date.now()}@example.com`;
    expect(
      await fieldCode(updateProfile(handle.forSite(siteId), siteId, id, update({}, next)), "current_password"),
    ).toBe("password_required");
    expect(
      await fieldCode(
        updateProfile(handle.forSite(siteId), siteId, id, update({ current_password: "wrong-pass" }, next)),
        "current_password",
      ),
    ).toBe("current_password_incorrect");
    await expect(
      updateProfile(handle.forSite(siteId), siteId, id, update({ current_password: "old-pass-1" }, next)),
    ).resolves.toEqual({ emailChanged: true });
    expect((await getProfile(handle.forSite(siteId), siteId, id)).email).toBe(next);
  });

  it("refuses another member's address on the site, not on another site", async () => {
    const taken = `taken-${Date.now()}@example.com`;
    await newMember(taken);
    await createMember(handle.owner, otherSiteId, { name: "他サイト", email: `elsewhere-${taken}` });
    const id = await newMember();
    expect(
      await fieldCode(
        updateProfile(
          handle.forSite(siteId),
          siteId,
          id,
          update({ current_password: "old-pass-1" }, taken.toUpperCase()),
        ),
        "email",
      ),
    ).toBe("email_taken");
    await expect(
      updateProfile(
        handle.forSite(siteId),
        siteId,
        id,
        update({ current_password: "old-pass-1" }, `elsewhere-${taken}`),
      ),
    ).resolves.toEqual({ emailChanged: true });
  });

  it("answers 404 for another site's member", async () => {
    const id = await newMember();
    await expect(getProfile(handle.forSite(otherSiteId), otherSiteId, id)).rejects.toMatchObject({ status: 404 });
    await expect(
      updateProfile(handle.forSite(otherSiteId), otherSiteId, id, update({}, "x@example.com")),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("password change", () => {
  it("needs the right current password, refuses a common one, then stores the new hash", async () => {
    const id = await createMember(handle.owner, siteId, {
      name: "パス",
      email: `pw-${Date.now()}@example.com`,
      passwordHash: await hashPassword("old-pass-1"),
    });
    const change = (current: string, next: string) =>
      changePassword(handle.forSite(siteId), siteId, id, {
        current_password: current,
        password: next,
        password_confirm: next,
      });
    expect(await fieldCode(change("wrong-pass", "brand-new-9"), "current_password")).toBe("current_password_incorrect");
    expect(await fieldCode(change("old-pass-1", "qwerty123"), "password")).toBe("password_common");
    await change("old-pass-1", "brand-new-9");
    const hash = (await memberRow(id))?.passwordHash ?? "";
    expect(await verifyPassword(hash, "brand-new-9")).toBe(true);
    expect(await verifyPassword(hash, "old-pass-1")).toBe(false);
    await expect(
      changePassword(handle.forSite(otherSiteId), otherSiteId, id, {
        current_password: "brand-new-9",
        password: "x-new-pass",
        password_confirm: "x-new-pass",
      }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
