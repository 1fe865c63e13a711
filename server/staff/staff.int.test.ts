import { and, eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAuditLog } from "#server/audit/audit-log";
import { hashPassword } from "#server/auth/passwords";
import { TWO_FACTOR_RULE } from "#server/auth/throttle";
import { auditLog, clients, mailOutbox, siteSettings, staff, staffSessions } from "#server/db/schema";
import { AppError } from "#server/errors";
import { createMailer } from "#server/mail/mailer";
import { PLAN } from "#server/sites/plan";
import { newSiteProblem, provisionSite } from "#server/sites/provision";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import {
  changeStaffPassword,
  inviteStaff,
  listStaff,
  requestStaffPasswordReset,
  type StaffMailOptions,
  setStaffPasswordFromLink,
  updateStaff,
  verifyStaffLogin,
} from "./accounts";
import type { Actor, StaffRole } from "./permissions";
import { readStaffSession, startStaffSession } from "./sessions";
import { beginTwoFactorSetup, confirmTwoFactorSetup, disableTwoFactor, verifyTwoFactor } from "./two-factor";

let handle: TestDb;
let siteId: string;
let otherSiteId: string;
let storeId: number;
let otherStoreId: number;
const mailer = createMailer({ MAIL_TRANSPORT: "outbox" });
const PASSWORD = "s3cret-pass";
/** The throttle's wait, skipped: these tests count refusals, not time. */
const noWait = async () => {};

/** The mail options of the delivery side, with a text that carries the link as the real one does. */
const mail = (): StaffMailOptions & { links: string[] } => {
  const links: string[] = [];
  return {
    links,
    mailer,
    linkFor: (token) => {
      const link = `http://localhost/admin/x/invitation?token=${token}`;
      links.push(link);
      return link;
    },
    mail: ({ link, locale }) => ({ subject: `[${locale}] invitation`, text: `Open ${link}` }),
  };
};
const tokenOf = (link: string | undefined) => new URL(link ?? "").searchParams.get("token") ?? "";

/** A staff member written straight in, with the test password. */
async function addStaff(site: string, role: StaffRole, storeIds: number[] = []): Promise<Actor & { staffId: number }> {
  const email = `${role}-${Math.random().toString(36).slice(2)}@example.com`;
  const [row] = await handle.owner
    .insert(staff)
    .values({ siteId: site, email, role, passwordHash: await hashPassword(PASSWORD) })
    .returning({ id: staff.id });
  if (!row) throw new Error("no staff row");
  if (storeIds.length) {
    await handle.owner.execute(
      sql`insert into staff_stores (site_id, staff_id, store_id) select ${site}, ${row.id}, unnest(${`{${storeIds.join(",")}}`}::int[])`,
    );
  }
  return { id: row.id, staffId: row.id, email, name: email, role, storeIds };
}

async function reason(promise: Promise<unknown>): Promise<{ status: number; code?: string; fields: string[] }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) {
      return {
        status: error.status,
        code: error.details.reason?.code,
        fields: Object.entries(error.details.fieldErrors ?? {}).map(([f, r]) => `${f}:${r.code}`),
      };
    }
    throw error;
  }
  throw new Error("expected a refusal");
}

const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: at });

/** A code that is surely wrong at `at`: none of the steps the check accepts around it gives it. */
const wrongCodeAt = (secret: string, at: number) => {
  const valid = new Set([-60_000, -30_000, 0, 30_000, 60_000].map((d) => codeAt(secret, at + d)));
  return ["000000", "111111", "222222", "333333", "444444", "555555"].find((c) => !valid.has(c)) as string;
};

beforeAll(async () => {
  handle = await createTestDb();
  const site = await makeSite(handle.owner);
  siteId = site.siteId;
  storeId = site.storeIds[0] as number;
  const other = await makeSite(handle.owner);
  otherSiteId = other.siteId;
  otherStoreId = other.storeIds[0] as number;
});
afterAll(() => handle.close());

// Provisioning creates sites: in production it runs as the owner (the site:create script), so it does here.
describe("site:create (provisionSite)", () => {
  it("creates the client and an unpublished site with the spec's defaults, invites the owner and audits both", async () => {
    const options = mail();
    const created = await provisionSite(
      handle.owner,
      { clientId: 90_001, siteId: "ume-test", plan: PLAN.premium, ownerEmail: "owner@ume.example", ownerLocale: "en" },
      options,
    );
    const [client] = await handle.forSite("ume-test").select().from(clients).where(eq(clients.siteId, "ume-test"));
    expect(client).toMatchObject({ clientId: 90_001, usagePlanType: 4, isActive: true });
    const [settings] = await handle
      .forSite("ume-test")
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.siteId, "ume-test"));
    expect(settings).toMatchObject({
      publicStatus: 2,
      defaultStartTime: "11:00",
      defaultEndTime: "18:00",
      defaultRentalPeriodSlug: "01",
      siteColor: "#ee6e25",
      supportedLanguages: "jp",
    });
    const [owner] = await handle.forSite("ume-test").select().from(staff).where(eq(staff.id, created.ownerStaffId));
    expect(owner).toMatchObject({ role: "owner", email: "owner@ume.example", passwordHash: null, locale: "en" });
    const mails = await handle.forSite("ume-test").select().from(mailOutbox).where(eq(mailOutbox.siteId, "ume-test"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: "owner@ume.example", kind: "staff_invitation", locale: "en" });
    expect(mails[0]?.bodyText).toContain(options.links[0]);
    const audit = await handle.forSite("ume-test").select().from(auditLog).where(eq(auditLog.siteId, "ume-test"));
    expect(audit.map((a) => [a.action, a.actor, a.staffId])).toEqual([
      ["site.create", "site:create", null],
      ["staff.invite", "site:create", null],
    ]);
    // The invitation opens the back office: a password, then a login.
    await setStaffPasswordFromLink(handle.forSite("ume-test"), "ume-test", "invitation", {
      token: tokenOf(options.links[0]),
      password: PASSWORD,
      password_confirm: PASSWORD,
    });
    const login = await verifyStaffLogin(handle.forSite("ume-test"), "ume-test", {
      email: "OWNER@ume.example",
      password: PASSWORD,
      clientIp: "192.0.2.1",
    });
    expect(login).toMatchObject({ staffId: created.ownerStaffId, twoFactor: false, locale: "en" });
  });

  it("refuses a taken site or client id, a reserved or malformed site id and a bad e-mail", async () => {
    const base = {
      clientId: 90_002,
      siteId: "ume-two",
      plan: PLAN.standard,
      ownerEmail: "o@x.example",
      ownerLocale: "ja" as const,
    };
    expect(await newSiteProblem(handle.owner, base)).toBeNull();
    expect(await newSiteProblem(handle.owner, { ...base, siteId: "ume-test" })).toMatch(/exists already/);
    expect(await newSiteProblem(handle.owner, { ...base, clientId: 90_001 })).toMatch(/client 90001 exists/);
    expect(await newSiteProblem(handle.owner, { ...base, siteId: "admin" })).toMatch(/--site-id/);
    expect(await newSiteProblem(handle.owner, { ...base, siteId: "Ume!" })).toMatch(/--site-id/);
    expect(await newSiteProblem(handle.owner, { ...base, ownerEmail: "nope" })).toMatch(/--owner/);
    await expect(provisionSite(handle.owner, { ...base, siteId: "ume-test" }, mail())).rejects.toThrow(
      /exists already/,
    );
  });
});

describe("invitations and password links", () => {
  it("a link sets the password once; a second use, an expired link and another site's link are refused", async () => {
    const owner = await addStaff(siteId, "owner");
    const options = mail();
    const { staffId } = await inviteStaff(
      handle.forSite(siteId),
      siteId,
      owner,
      { email: "new@example.com", name: "New", role: "manager", store_ids: [], locale: "ja" },
      options,
    );
    const token = tokenOf(options.links[0]);
    const input = { token, password: PASSWORD, password_confirm: PASSWORD };
    expect(
      await reason(setStaffPasswordFromLink(handle.forSite(otherSiteId), otherSiteId, "invitation", input)),
    ).toMatchObject({
      status: 422,
      code: "invitation_invalid",
    });
    expect(
      await reason(setStaffPasswordFromLink(handle.forSite(siteId), siteId, "password_reset", input)),
    ).toMatchObject({
      code: "invitation_invalid",
    });
    await setStaffPasswordFromLink(handle.forSite(siteId), siteId, "invitation", input);
    expect(await reason(setStaffPasswordFromLink(handle.forSite(siteId), siteId, "invitation", input))).toMatchObject({
      code: "invitation_invalid",
    });
    expect(
      (
        await verifyStaffLogin(handle.forSite(siteId), siteId, {
          email: "new@example.com",
          password: PASSWORD,
          clientIp: "x",
        })
      ).staffId,
    ).toBe(staffId);

    const late = mail();
    await inviteStaff(
      handle.forSite(siteId),
      siteId,
      owner,
      { email: "late@example.com", name: "", role: "read_only", store_ids: [], locale: "en" },
      { ...late, now: new Date(Date.now() - 8 * 24 * 3600 * 1000) },
    );
    expect(
      await reason(
        setStaffPasswordFromLink(handle.forSite(siteId), siteId, "invitation", {
          ...input,
          token: tokenOf(late.links[0]),
        }),
      ),
    ).toMatchObject({ code: "invitation_invalid" });
  });

  it("only owners invite; a taken address, store staff without stores and another site's store are refused", async () => {
    const owner = await addStaff(siteId, "owner");
    const manager = await addStaff(siteId, "manager");
    const invite = (actor: Actor, over: Record<string, unknown>) =>
      inviteStaff(
        handle.forSite(siteId),
        siteId,
        actor,
        {
          email: `x-${Math.random()}@example.com`,
          name: "",
          role: "store_staff",
          store_ids: [storeId],
          locale: "ja",
          ...over,
        },
        mail(),
      );
    expect(await reason(invite(manager, {}))).toMatchObject({ status: 403, code: "forbidden" });
    expect(await reason(invite(owner, { email: owner.email.toUpperCase() }))).toMatchObject({
      fields: ["email:staff_email_taken"],
    });
    expect(await reason(invite(owner, { store_ids: [] }))).toMatchObject({ fields: ["store_ids:stores_required"] });
    expect(await reason(invite(owner, { store_ids: [otherStoreId] }))).toMatchObject({
      fields: ["store_ids:invalid_choice"],
    });
  });

  it("a reset mail goes only to an account that can sign in, at most five an hour", async () => {
    const member = await addStaff(siteId, "read_only");
    const options = mail();
    await requestStaffPasswordReset(handle.forSite(siteId), siteId, { email: "nobody@example.com" }, options);
    await requestStaffPasswordReset(handle.forSite(otherSiteId), otherSiteId, { email: member.email }, options);
    expect(options.links).toHaveLength(0);
    for (let i = 0; i < 7; i++)
      await requestStaffPasswordReset(handle.forSite(siteId), siteId, { email: member.email }, options);
    expect(options.links).toHaveLength(5);
    await setStaffPasswordFromLink(handle.forSite(siteId), siteId, "password_reset", {
      token: tokenOf(options.links[4]),
      password: "another-pass",
      password_confirm: "another-pass",
    });
    // Every link of that kind is used up with it.
    expect(
      await reason(
        setStaffPasswordFromLink(handle.forSite(siteId), siteId, "password_reset", {
          token: tokenOf(options.links[3]),
          password: "third-pass",
          password_confirm: "third-pass",
        }),
      ),
    ).toMatchObject({ code: "invitation_invalid" });
  });
});

describe("signing in and sessions", () => {
  it("one answer for an unknown address, a wrong password and a disabled account; sessions belong to their site", async () => {
    const owner = await addStaff(siteId, "owner");
    const clerk = await addStaff(siteId, "store_staff", [storeId]);
    const login = (email: string, password = PASSWORD, site = siteId) =>
      verifyStaffLogin(handle.forSite(site), site, { email, password, clientIp: "198.51.100.7" });
    expect(await reason(login("nobody@example.com"))).toMatchObject({ status: 422, code: "login_failed" });
    expect(await reason(login(clerk.email, "wrong-pass"))).toMatchObject({ code: "login_failed" });
    expect(await reason(login(clerk.email, PASSWORD, otherSiteId))).toMatchObject({ code: "login_failed" });

    const token = await startStaffSession(handle.forSite(siteId), siteId, {
      staffId: clerk.id,
      twoFactorPending: false,
    });
    const session = await readStaffSession(handle.forSite(siteId), siteId, token);
    expect(session?.staff).toMatchObject({ id: clerk.id, role: "store_staff", storeIds: [storeId] });
    expect(await readStaffSession(handle.forSite(otherSiteId), otherSiteId, token)).toBeNull();
    expect(
      await readStaffSession(handle.forSite(siteId), siteId, token, new Date(Date.now() + 3 * 3600 * 1000)),
    ).toBeNull();

    await updateStaff(handle.forSite(siteId), siteId, owner, clerk.id, {
      role: "store_staff",
      store_ids: [storeId],
      active: false,
    });
    expect(await readStaffSession(handle.forSite(siteId), siteId, token)).toBeNull();
    expect(await reason(login(clerk.email))).toMatchObject({ code: "login_failed" });
  });

  it("a password change needs the current one and ends every session", async () => {
    const manager = await addStaff(siteId, "manager");
    const token = await startStaffSession(handle.forSite(siteId), siteId, {
      staffId: manager.id,
      twoFactorPending: false,
    });
    const change = (current: string, password: string) =>
      changeStaffPassword(handle.forSite(siteId), siteId, manager, { current_password: current, password });
    expect(await reason(change("wrong-pass", "fresh-pass-1"))).toMatchObject({
      fields: ["current_password:current_password_incorrect"],
    });
    expect(await reason(change(PASSWORD, "password"))).toMatchObject({ fields: ["password:password_common"] });
    await change(PASSWORD, "fresh-pass-1");
    expect(await readStaffSession(handle.forSite(siteId), siteId, token)).toBeNull();
    await verifyStaffLogin(handle.forSite(siteId), siteId, {
      email: manager.email,
      password: "fresh-pass-1",
      clientIp: "x",
    });
  });
});

describe("two-factor sign-in (RFC 6238)", () => {
  it("turns on with a code from the app, accepts each code once and each recovery code once, throttles guesses, turns off", async () => {
    const owner = await addStaff(siteId, "owner");
    const setup = await beginTwoFactorSetup(handle.forSite(siteId), siteId, owner.id, "Test Rent-a-Car");
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Test%20Rent-a-Car:.+[?&]secret=[A-Z2-7]{32}(&|$)/);
    expect(setup.qrSvg).toMatch(/^<svg/);
    // The same pending secret until it is confirmed.
    expect((await beginTwoFactorSetup(handle.forSite(siteId), siteId, owner.id, "x")).secret).toBe(setup.secret);
    const now = Date.now();
    expect(
      await reason(confirmTwoFactorSetup(handle.forSite(siteId), siteId, owner, wrongCodeAt(setup.secret, now), now)),
    ).toMatchObject({
      fields: ["code:two_factor_invalid"],
    });
    const codes = await confirmTwoFactorSetup(handle.forSite(siteId), siteId, owner, codeAt(setup.secret, now), now);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [row] = await handle.forSite(siteId).select().from(staff).where(eq(staff.id, owner.id));
    expect(row?.recoveryCodeHashes.some((h) => codes.includes(h))).toBe(false);
    expect(
      (
        await verifyStaffLogin(handle.forSite(siteId), siteId, {
          email: owner.email,
          password: PASSWORD,
          clientIp: "x",
        })
      ).twoFactor,
    ).toBe(true);

    const verify = (code: string, at = now + 60_000) =>
      verifyTwoFactor(handle.forSite(siteId), siteId, { staffId: owner.id, code, clientIp: "203.0.113.9" }, at, noWait);
    const next = codeAt(setup.secret, now + 60_000);
    expect(await verify(next)).toEqual({ usedRecoveryCode: false, recoveryCodesLeft: 10 });
    expect(await reason(verify(next))).toMatchObject({ fields: ["code:two_factor_invalid"] });
    expect(await verify(codes[0]?.toUpperCase() ?? "")).toEqual({ usedRecoveryCode: true, recoveryCodesLeft: 9 });
    expect(await reason(verify(codes[0] ?? ""))).toMatchObject({ fields: ["code:two_factor_invalid"] });

    for (let i = 1; i < TWO_FACTOR_RULE.pair; i++) await reason(verify(wrongCodeAt(setup.secret, now + 60_000)));
    expect(await reason(verify(codeAt(setup.secret, now + 120_000), now + 120_000))).toMatchObject({
      status: 429,
      code: "too_many_attempts",
    });

    const other = await addStaff(siteId, "manager");
    const second = await beginTwoFactorSetup(handle.forSite(siteId), siteId, other.id, "x");
    await confirmTwoFactorSetup(handle.forSite(siteId), siteId, other, codeAt(second.secret, now), now);
    await disableTwoFactor(handle.forSite(siteId), siteId, other, {
      code: (await confirmCodes(other)) ?? "",
      clientIp: "x",
    });
    const [off] = await handle.forSite(siteId).select().from(staff).where(eq(staff.id, other.id));
    expect(off).toMatchObject({ totpSecret: null, recoveryCodeHashes: [] });
    const actions = (await listAuditLog(handle.forSite(siteId), siteId, owner)).filter(
      (a) => a.entityId === String(other.id),
    );
    expect(actions.map((a) => a.action)).toEqual(["staff.two_factor_off", "staff.two_factor_on"]);

    async function confirmCodes(actor: Actor) {
      const [r] = await handle
        .forSite(siteId)
        .select({ secret: staff.totpSecret })
        .from(staff)
        .where(eq(staff.id, actor.id));
      return r?.secret ? codeAt(r.secret, Date.now() + 30_000) : null;
    }
  });
});

describe("staff management", () => {
  it("keeps an owner, never changes one's own account, and audits only what changed", async () => {
    const site = await makeSite(handle.owner);
    const owner = await addStaff(site.siteId, "owner");
    const clerk = await addStaff(site.siteId, "store_staff", site.storeIds);
    expect(
      await reason(
        updateStaff(handle.forSite(site.siteId), site.siteId, owner, owner.id, {
          role: "manager",
          store_ids: [],
          active: true,
        }),
      ),
    ).toMatchObject({
      status: 403,
    });
    const second = await addStaff(site.siteId, "manager");
    expect(
      await reason(
        updateStaff(handle.forSite(site.siteId), site.siteId, second, owner.id, {
          role: "manager",
          store_ids: [],
          active: true,
        }),
      ),
    ).toMatchObject({
      status: 403,
    });
    await updateStaff(handle.forSite(site.siteId), site.siteId, owner, clerk.id, {
      role: "read_only",
      store_ids: [],
      active: true,
    });
    const [entry] = await listAuditLog(handle.forSite(site.siteId), site.siteId, owner);
    expect(entry).toMatchObject({
      action: "staff.update",
      before: { role: "store_staff", storeIds: site.storeIds },
      after: { role: "read_only", storeIds: [] },
    });
    // The last enabled owner cannot be demoted or disabled, even by another owner acting at that moment.
    const other = await addStaff(site.siteId, "owner");
    await updateStaff(handle.forSite(site.siteId), site.siteId, owner, other.id, {
      role: "manager",
      store_ids: [],
      active: true,
    });
    expect(
      await reason(
        updateStaff(handle.forSite(site.siteId), site.siteId, { ...other, role: "owner" }, owner.id, {
          role: "owner",
          store_ids: [],
          active: false,
        }),
      ),
    ).toMatchObject({ status: 422, code: "last_owner" });
    const rows = await listStaff(handle.forSite(site.siteId), site.siteId, owner);
    expect(rows.map((r) => r.role)).toEqual(["owner", "manager", "manager", "read_only"]);
    expect(await reason(listStaff(handle.forSite(site.siteId), site.siteId, second))).toMatchObject({ status: 403 });
  });

  it("the audit log cannot be changed or emptied by the app's role, even for its own site", async () => {
    const owner = await addStaff(siteId, "owner");
    const app = handle.forSite(siteId);
    await expect(app.execute(sql`update audit_log set actor = 'forged' where site_id = ${siteId}`)).rejects.toThrow();
    await expect(app.execute(sql`delete from audit_log where site_id = ${siteId}`)).rejects.toThrow();
    await expect(handle.owner.execute(sql`update audit_log set actor = 'forged'`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/cannot be changed/) },
    });
    expect((await listAuditLog(app, siteId, owner)).length).toBeGreaterThan(0);
    // Another site's entries are not there for this site's role.
    const seen = await app.select({ site: auditLog.siteId }).from(auditLog);
    expect(new Set(seen.map((r) => r.site))).toEqual(new Set([siteId]));
    const sessions = await app
      .select()
      .from(staffSessions)
      .where(and(eq(staffSessions.siteId, otherSiteId)));
    expect(sessions).toEqual([]);
  });
});
