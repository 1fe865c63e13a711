import { type ReservationListRow, searchReservations } from "#server/counter/reservations";
import type { Db } from "#server/db/client";
import { type MemberListRow, searchMembers } from "#server/members/member-admin";
import type { Actor } from "#server/staff/permissions";

export interface StaffSearchResult {
  reservations: { rows: ReservationListRow[]; total: number };
  members: { rows: MemberListRow[]; total: number };
}

/**
 * The back office's one search box (issue 41): reservations and members found by any spelling of
 * a name, a phone number's digits, a reservation number or an e-mail, the first page of each.
 */
export async function searchEverything(
  db: Db,
  siteId: string,
  actor: Actor,
  q: string,
  timeZone: string,
): Promise<StaffSearchResult> {
  const [reservations, members] = await Promise.all([
    searchReservations(db, siteId, actor, { q, from: null, to: null, storeId: null, stage: null, page: 1 }, timeZone),
    searchMembers(db, siteId, actor, { q, page: 1 }),
  ]);
  return {
    reservations: { rows: reservations.rows, total: reservations.total },
    members: { rows: members.rows, total: members.total },
  };
}
