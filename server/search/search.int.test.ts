import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members, reservations } from "#server/db/schema";
import type { CreatedSite } from "#server/db/seed/factories";
import { createMember, createMemberReservation } from "#server/db/seed/members-factory";
import type { ProfileUpdateInput } from "#server/members/member.schema";
import { updateProfile } from "#server/members/profile";
import { makeSite } from "#tests/fixtures/sites";
import { actorAs, OWNER } from "#tests/fixtures/staff-actors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { fillSearchText } from "./search-backfill";
import { searchEverything } from "./staff-search";

let handle: TestDb;
let site: CreatedSite;
let other: CreatedSite;
let memberId: number;
const TZ = "Asia/Tokyo";

const profile = {
  userType: 1,
  company: "",
  companyKana: "",
  name: "山田 花子",
  kana: "ヤマダ ハナコ",
  email: "hanako@example.com",
  gender: null,
  birthdate: "",
  tel: "+819012345678",
  zip: "9000001",
  country: "",
  prefCode: 47,
  addressA: "那覇市",
  addressB: "",
  newsletter: 0,
} as const;

beforeAll(async () => {
  handle = await createTestDb();
  site = await makeSite(handle.owner, {
    catalogue: {
      classes: [{ key: "c", className: "コンパクト" }],
      carTypes: [{ key: "t", classKey: "c", typeName: "ヤリス", capacity: 5 }],
      vehicles: [{ store: 0, typeKey: "t", count: 1 }],
      feePlans: [],
    },
  });
  other = await makeSite(handle.owner);
  memberId = await createMember(handle.owner, site.siteId, {
    ...profile,
    birthdate: null,
    passwordHash: "$argon2id$placeholder",
  });
  await createMemberReservation(handle.owner, site.siteId, memberId, {
    reserveNo: "261127-AB2C",
    storeId: site.storeIds[0] as number,
    carTypeId: site.catalogue?.typeIds.t as number,
    startAt: new Date("2030-01-10T01:00:00Z"),
    endAt: new Date("2030-01-11T01:00:00Z"),
    borrower: { name: "山田 花子", kana: "ヤマダ ハナコ", email: "hanako@example.com", tel: "+819012345678" },
  });
  // Another site's 山田 花子 is never found.
  await createMember(handle.owner, other.siteId, { ...profile, birthdate: null, passwordHash: null });
});
afterAll(() => handle.close());

const search = (q: string, siteId = site.siteId, actor = OWNER) =>
  searchEverything(handle.forSite(siteId), siteId, actor, q, TZ).then((found) => ({
    reservations: found.reservations.rows.map((r) => r.reserveNo),
    members: found.members.rows.map((m) => m.id),
  }));

describe("search by any spelling (issue 41)", () => {
  it.each([
    "やまだ",
    "ﾔﾏﾀﾞ",
    "山田花子",
    "ヤマダハナコ",
    "やまだ　はなこ",
    "09012345678",
    "090-1234-5678",
    "+81 90 1234 5678",
    "HANAKO@EXAMPLE.COM",
  ])("%s finds the reservation and the member, on this site only", async (q) => {
    expect(await search(q)).toEqual({ reservations: ["261127-AB2C"], members: [memberId] });
  });

  it("finds the reservation by its number however typed", async () => {
    expect((await search("261127-ab2c")).reservations).toEqual(["261127-AB2C"]);
    expect((await search("２６１１２７")).reservations).toEqual(["261127-AB2C"]);
  });

  it("finds nothing for another name, and store staff of another store see no booking", async () => {
    expect(await search("すずき")).toEqual({ reservations: [], members: [] });
    const elsewhere = actorAs("store_staff", [(site.storeIds[0] as number) + 1000]);
    expect((await search("やまだ", site.siteId, elsewhere)).reservations).toEqual([]);
  });

  it("an update rewrites the member's search column", async () => {
    const input: ProfileUpdateInput = {
      ...profile,
      name: "鈴木 花子",
      kana: "スズキ ハナコ",
      tel: "+818011112222",
      currentPassword: "",
    };
    await updateProfile(handle.forSite(site.siteId), site.siteId, memberId, input);
    const [row] = await handle.forSite(site.siteId).select().from(members).where(eq(members.id, memberId));
    expect(row?.searchText).toContain("鈴木花子");
    expect(row?.searchText).toContain("スズキハナコ");
    expect(row?.searchText).not.toContain("山田");
    expect((await search("すずき")).members).toEqual([memberId]);
    expect((await search("080-1111-2222")).members).toEqual([memberId]);
    expect((await search("やまだ")).members).toEqual([]);
    // The booking keeps the borrower as booked.
    expect((await search("やまだ")).reservations).toEqual(["261127-AB2C"]);
  });

  it("rows written without the column (before migration 0020) are filled by the migration's step", async () => {
    await handle.owner.insert(reservations).values({
      siteId: site.siteId,
      reserveNo: "OLD-1",
      storeId: site.storeIds[0] as number,
      carTypeId: site.catalogue?.typeIds.t as number,
      startAt: new Date("2030-02-10T01:00:00Z"),
      endAt: new Date("2030-02-11T01:00:00Z"),
      borrower: { name: "佐藤 一郎", kana: "さとう いちろう" },
    });
    expect((await search("サトウ")).reservations).toEqual([]);
    expect(await fillSearchText(handle.owner)).toBeGreaterThanOrEqual(1);
    expect((await search("ｻﾄｳｲﾁﾛｳ")).reservations).toEqual(["OLD-1"]);
    expect(await fillSearchText(handle.owner)).toBe(0);
  });
});
