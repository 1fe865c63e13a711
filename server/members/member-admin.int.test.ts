import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "#common/locales";
import { login } from "#server/auth/login";
import { resetPassword } from "#server/auth/password-reset";
import { auditLog, mailOutbox, members, reservations } from "#server/db/schema";
import type { CreatedSite } from "#server/db/seed/factories";
import { createDriver, createMember } from "#server/db/seed/members-factory";
import { createMailer } from "#server/mail/mailer";
import { refusal } from "#tests/fixtures/refusal";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs, OWNER, parsed, READ_ONLY } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { StoreRegistrationSchema } from "./member.schema";
import {
  type FirstPasswordDeps,
  getMemberDetail,
  registerAtStore,
  resendFirstPassword,
  searchMembers,
} from "./member-admin";

let handle: TestDb;
let site: CreatedSite;
let other: CreatedSite;
let carTypeId: number;
const mailer = createMailer({ MAIL_TRANSPORT: "outbox" });
/** The delivery side's composer stand-in: the language and the link are visible in the mail. */
let lastLink = "";
const deps: FirstPasswordDeps = {
  mailer,
  locales: ["ja", "en", "ko", "zh-TW"],
  mailIn: (locale: Locale) => ({
    linkFor: (token) => `https://example.test/${locale}/password_reset?token=${token}`,
    mail: ({ link, firstPassword }) => {
      lastLink = link;
      return { subject: `[${locale}] ${firstPassword ? "first" : "reset"}`, text: `Set it: ${link}` };
    },
  }),
};

beforeAll(async () => {
  handle = await createTestDb();
  site = await makeSite(handle.owner, {
    stores: [{ storeName: "本店" }, { storeName: "空港店" }],
    catalogue: {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "ヤリス", capacity: 5 }],
      vehicles: [
        { store: 0, typeKey: "t", count: 1 },
        { store: 1, typeKey: "t", count: 1 },
      ],
      feePlans: [],
    },
  });
  carTypeId = site.catalogue?.typeIds.t as number;
  other = await makeSite(handle.owner);
});
afterAll(() => handle.close());

let seq = 0;
const member = (siteId: string, fields: Partial<typeof members.$inferInsert> = {}) => {
  seq += 1;
  return createMember(handle.owner, siteId, {
    name: "山田 花子",
    kana: "ヤマダ ハナコ",
    email: `m${seq}-${Date.now()}@example.com`,
    passwordHash: "$argon2id$placeholder",
    tel: "+819012345678",
    ...fields,
  });
};

async function book(memberId: number, storeId: number, status: "confirmed" | "cancelled" | "expired") {
  seq += 1;
  const start = new Date(Date.UTC(2030, 0, 1 + 2 * seq));
  await handle.owner.insert(reservations).values({
    siteId: site.siteId,
    reserveNo: `M-${seq}`,
    memberId,
    storeId,
    carTypeId,
    startAt: start,
    endAt: new Date(start.getTime() + 86_400_000),
    status,
    rentalFee: 5000,
    totalFee: 5000,
    locale: "ja",
    borrower: { name: "山田 花子" },
  });
}

const storeForm = (overrides: Record<string, string> = {}) =>
  parsed(StoreRegistrationSchema, {
    user_type: "1",
    name: "김 민준",
    kana: "KIM MINJUN",
    email: `store-${++seq}@example.com`,
    birth_year: "1988",
    birth_month: "7",
    birth_day: "3",
    tel: "010-1234-5678",
    zip: "04524",
    pref_code: "48",
    country: "KR",
    address_a: "서울특별시 중구 세종대로 110",
    locale: "ko",
    ...overrides,
  });

describe("searchMembers", () => {
  it("finds by number, name without spaces, reading in hiragana, e-mail in any case and phone as typed; never another site's", async () => {
    const id = await member(site.siteId, {
      name: "検索 太郎",
      kana: "ケンサク タロウ",
      email: "Kensaku.Taro@Example.com",
    });
    await member(other.siteId, { name: "検索 太郎", kana: "ケンサク タロウ", email: "kensaku.taro@example.com" });
    const find = async (q: string) =>
      (await searchMembers(handle.forSite(site.siteId), site.siteId, READ_ONLY, { q, page: 1 })).rows.map((r) => r.id);
    expect(await find(String(id))).toContain(id);
    expect(await find("検索太郎")).toEqual([id]);
    expect(await find("けんさく")).toEqual([id]);
    expect(await find("kensaku.taro@example")).toEqual([id]);
    expect(await find("090-1234-5678")).toContain(id);
    expect(await find("存在しない人")).toEqual([]);
    // A LIKE wildcard typed by staff is a character, not a pattern.
    expect(await find("%")).toEqual([]);
  });

  it("pages the newest first and counts the bookings on the books that the actor may see", async () => {
    const [own, away] = site.storeIds as [number, number];
    const id = await member(site.siteId, { name: "予約 数子", kana: "ヨヤク カズコ" });
    await book(id, own, "confirmed");
    await book(id, own, "cancelled");
    await book(id, own, "expired");
    await book(id, away, "confirmed");
    const row = async (actor: typeof OWNER) =>
      (await searchMembers(handle.forSite(site.siteId), site.siteId, actor, { q: "予約", page: 1 })).rows.find(
        (r) => r.id === id,
      );
    expect((await row(OWNER))?.bookings).toBe(3);
    expect((await row(actorAs("store_staff", [own])))?.bookings).toBe(2);
    const all = await searchMembers(handle.forSite(site.siteId), site.siteId, OWNER, { q: "", page: 99 });
    // A page past the end reads as the last one.
    expect(all.page).toBe(all.pages);
    expect(all.total).toBe(2);
    const first = await searchMembers(handle.forSite(site.siteId), site.siteId, OWNER, { q: "", page: 1 });
    expect(first.rows[0]?.id).toBe(id);
  });
});

describe("getMemberDetail", () => {
  it("answers another site's member, and a missing one, with 404", async () => {
    const foreign = await member(other.siteId);
    expect((await refusal(getMemberDetail(handle.forSite(site.siteId), site.siteId, OWNER, foreign))).status).toBe(404);
    expect((await refusal(getMemberDetail(handle.forSite(site.siteId), site.siteId, OWNER, 999_999))).status).toBe(404);
  });

  it("gives the profile without the password, the drivers' licences, and only the actor's stores' bookings", async () => {
    const [own, away] = site.storeIds as [number, number];
    const id = await member(site.siteId, { name: "詳細 次郎" });
    await createDriver(handle.owner, site.siteId, id, {
      name: "詳細 三郎",
      licenseNumber: "123456789012",
      licenseTypes: ["ordinary"],
      licenseExpirationDate: "2031-05-01",
    });
    await book(id, own, "confirmed");
    await book(id, away, "confirmed");
    const detail = await getMemberDetail(handle.forSite(site.siteId), site.siteId, READ_ONLY, id);
    expect(detail.member).toMatchObject({ id, name: "詳細 次郎", status: "active" });
    expect(detail.member).not.toHaveProperty("passwordHash");
    expect(detail.drivers).toMatchObject([{ licenseNumber: "123456789012", licenseTypes: ["ordinary"] }]);
    expect(detail.bookings).toHaveLength(2);
    const staff = await getMemberDetail(handle.forSite(site.siteId), site.siteId, actorAs("store_staff", [own]), id);
    expect(staff.bookings.map((b) => b.storeName)).toEqual(["本店"]);
  });
});

describe("registerAtStore", () => {
  const mailsTo = (to: string) =>
    handle
      .forSite(site.siteId)
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.siteId, site.siteId), eq(mailOutbox.toAddress, to)));

  it("creates a member without a password, mails one first-password link in the chosen language and audits it; the link sets the password", async () => {
    const input = storeForm();
    const staff = actorAs("store_staff", [site.storeIds[0] as number]);
    const { memberId } = await registerAtStore(handle.forSite(site.siteId), site.siteId, staff, input, deps);
    const [row] = await handle.forSite(site.siteId).select().from(members).where(eq(members.id, memberId));
    expect(row).toMatchObject({
      siteId: site.siteId,
      name: "김 민준",
      passwordHash: null,
      registeredByStore: true,
      locale: "ko",
      prefCode: 48,
      country: "KR",
      tel: "+821012345678",
    });
    const mails = await mailsTo(input.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "password_reset", locale: "ko", subject: "[ko] first" });
    const [audit] = await handle
      .forSite(site.siteId)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, site.siteId), eq(auditLog.entityId, String(memberId))));
    expect(audit).toMatchObject({ action: "member.register", entity: "member", staffId: staff.staffId });
    expect(JSON.stringify(audit?.after)).not.toContain(input.email);

    const token = new URL(lastLink).searchParams.get("token") as string;
    await resetPassword(handle.forSite(site.siteId), site.siteId, {
      token,
      password: "first-pass-2468",
      password_confirm: "first-pass-2468",
    });
    await expect(
      login(handle.forSite(site.siteId), site.siteId, {
        email: input.email,
        password: "first-pass-2468",
        clientIp: "192.0.2.1",
        locale: "ko",
      }),
    ).resolves.toEqual({ memberId });
  });

  it("refuses an address a live member of the site uses, whatever its case, as a field error, and writes nothing", async () => {
    const email = `taken-${++seq}@example.com`;
    await member(site.siteId, { email });
    const error = await refusal(
      registerAtStore(handle.forSite(site.siteId), site.siteId, OWNER, storeForm({ email: email.toUpperCase() }), deps),
    );
    expect(error.details.fieldErrors?.email?.code).toBe("email_taken");
    expect(await mailsTo(email.toUpperCase())).toHaveLength(0);
    // The same address on another site is another account.
    await expect(
      registerAtStore(handle.forSite(other.siteId), other.siteId, OWNER, storeForm({ email }), deps),
    ).resolves.toBeTruthy();
  });

  it("refuses a language the site does not serve, and staff without the right", async () => {
    const error = await refusal(
      registerAtStore(handle.forSite(site.siteId), site.siteId, OWNER, storeForm(), { ...deps, locales: ["ja", "en"] }),
    );
    expect(error.details.fieldErrors?.locale?.code).toBe("invalid_choice");
    expect(
      (await refusal(registerAtStore(handle.forSite(site.siteId), site.siteId, READ_ONLY, storeForm(), deps))).status,
    ).toBe(403);
  });

  it("sends the first-password mail again only while the member has no password", async () => {
    const input = storeForm({ locale: "en" });
    const { memberId } = await registerAtStore(handle.forSite(site.siteId), site.siteId, OWNER, input, deps);
    await resendFirstPassword(handle.forSite(site.siteId), site.siteId, OWNER, memberId, deps);
    expect((await mailsTo(input.email)).map((m) => m.locale)).toEqual(["en", "en"]);
    const withPassword = await member(site.siteId);
    const error = await refusal(
      resendFirstPassword(handle.forSite(site.siteId), site.siteId, OWNER, withPassword, deps),
    );
    expect(error.details.reason?.code).toBe("first_password_set");
    const foreign = await member(other.siteId, { passwordHash: null });
    expect(
      (await refusal(resendFirstPassword(handle.forSite(site.siteId), site.siteId, OWNER, foreign, deps))).status,
    ).toBe(404);
  });
});
