import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { carTypes, drivers, memberCards, members, reservations, stores } from "#server/db/schema";
import { jstAt } from "#server/db/seed/demo-catalogues";
import { createMemberReservation } from "#server/db/seed/members-factory";
import { Browser, freshEmail, type Harness, json, registrationForm } from "./account-client";

/**
 * Helpers of the My Page, drivers and card API tests: a fresh member per test (registered through
 * the API, so the demo members other tests rely on stay as they are) and rows the tests need.
 */

/** A new member of `siteId`, registered and signed in through `POST /users/register`. */
export async function freshMember(h: Harness, siteId = "sakura") {
  const browser = new Browser(h, siteId);
  const email = freshEmail();
  const response = await browser.post("/api/v1/users/register", registrationForm(email));
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  const { user } = await json<{ user: { id: number } }>(response);
  return { browser, id: user.id, email, password: registrationForm(email).password! };
}

/** A reservation of a member, `from`/`to` days from today (10:00 to 17:00 Japan time). */
export async function addReservation(
  h: Harness,
  siteId: string,
  memberId: number,
  booking: { from: number; to: number; driverId?: number | null; payMethod?: number; cancelled?: boolean },
) {
  // Reads that pick the store and car type; the row itself is a fixture (the owner).
  const db = h.handle.forSite(siteId);
  const [store] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.siteId, siteId))
    .orderBy(asc(stores.id));
  const [type] = await db
    .select({ id: carTypes.id })
    .from(carTypes)
    .where(eq(carTypes.siteId, siteId))
    .orderBy(asc(carTypes.id));
  const today = new Date();
  const reserveNo = `API-${randomUUID().slice(0, 8)}`;
  const id = await createMemberReservation(h.handle.owner, siteId, memberId, {
    reserveNo,
    storeId: store!.id,
    returnStoreId: store!.id,
    carTypeId: type!.id,
    startAt: jstAt(today, booking.from, "10:00"),
    endAt: jstAt(today, booking.to, "17:00"),
    status: booking.cancelled ? "cancelled" : "confirmed",
    driverId: booking.driverId ?? null,
    rentalFee: 8_800,
    optionFee: 1_100,
    immunityFee: 1_650,
    totalFee: 11_550,
    payMethod: booking.payMethod ?? 2,
    destination: "美ら海水族館",
    purpose: "観光",
    passengers: 2,
    locale: "ja",
    borrower: { userType: 1, name: "API 太郎", kana: "エーピーアイ タロウ", tel: "090-1234-5678", email: "" },
    driver: { name: "API 太郎", kana: "エーピーアイ タロウ", tel: "090-1234-5678" },
    options: [
      {
        optionId: null,
        name: { ja: "チャイルドシート", en: "Child seat", ko: "카시트", "zh-TW": "兒童安全座椅" },
        quantity: 1,
        fee: 1_100,
      },
    ],
  });
  return { id, reserveNo, storeId: store!.id, carTypeId: type!.id };
}

/** Rows of a demo member of the site (hanako@example.com), to prove another member's are not reachable. */
export async function demoRows(h: Harness, siteId: string) {
  const db = h.handle.forSite(siteId);
  const [owner] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.email, "hanako@example.com")));
  const mine = <T extends typeof reservations | typeof drivers | typeof memberCards>(table: T) =>
    and(eq(table.siteId, siteId), eq(table.memberId, owner!.id));
  const [reservation] = await db.select({ id: reservations.id }).from(reservations).where(mine(reservations));
  const [driver] = await db.select({ id: drivers.id }).from(drivers).where(mine(drivers));
  const [card] = await db.select({ id: memberCards.id }).from(memberCards).where(mine(memberCards));
  return { memberId: owner!.id, reservationId: reservation!.id, driverId: driver!.id, cardId: card!.id };
}
