import type { Db } from "#server/db/client";
import { driverImages, driverInputSettings, drivers, memberCards, members, reservations } from "#server/db/schema";
import { memberSearchText, reservationSearchText } from "#server/search/search-text";
import type { Bare } from "./catalogue-factory";

/**
 * Members and what they own, for the demo seed and the tests. Passwords come already hashed
 * (hashing is slow: the seed hashes the demo password once).
 */
export type MemberInput = Omit<Bare<typeof members>, "createdAt" | "updatedAt">;
export type DriverInput = Omit<Bare<typeof drivers>, "memberId" | "createdAt" | "updatedAt">;
export type MemberCardInput = Omit<Bare<typeof memberCards>, "memberId" | "createdAt">;
export type MemberReservationInput = Omit<Bare<typeof reservations>, "memberId">;

export async function createMember(db: Db, siteId: string, input: MemberInput): Promise<number> {
  const [row] = await db
    .insert(members)
    .values({ ...input, siteId, searchText: memberSearchText(input) })
    .returning({ id: members.id });
  if (!row) throw new Error("member not created");
  return row.id;
}

export async function createDriver(db: Db, siteId: string, memberId: number, input: DriverInput): Promise<number> {
  const [row] = await db
    .insert(drivers)
    .values({ ...input, siteId, memberId })
    .returning({ id: drivers.id });
  if (!row) throw new Error("driver not created");
  return row.id;
}

export async function createDriverImage(
  db: Db,
  siteId: string,
  input: Omit<Bare<typeof driverImages>, "createdAt">,
): Promise<void> {
  await db.insert(driverImages).values({ ...input, siteId });
}

export async function createMemberCard(db: Db, siteId: string, memberId: number, input: MemberCardInput) {
  await db.insert(memberCards).values({ ...input, siteId, memberId });
}

export async function createMemberReservation(
  db: Db,
  siteId: string,
  memberId: number | null,
  input: MemberReservationInput,
): Promise<number> {
  const [row] = await db
    .insert(reservations)
    .values({
      ...input,
      siteId,
      memberId,
      searchText: reservationSearchText(input.reserveNo, input.borrower, input.driver),
    })
    .returning({ id: reservations.id });
  if (!row) throw new Error("reservation not created");
  return row.id;
}

export async function setDriverInputSettings(
  db: Db,
  siteId: string,
  input: Omit<Bare<typeof driverInputSettings>, "siteId">,
): Promise<void> {
  await db
    .insert(driverInputSettings)
    .values({ ...input, siteId })
    .onConflictDoUpdate({ target: driverInputSettings.siteId, set: input });
}
