import { isNull, type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { members, reservations } from "#server/db/schema";
import { memberSearchText, reservationSearchText } from "./search-text";

type OwnerDb = PgDatabase<PgQueryResultHKT>;

const BATCH = 500;

/** `update t set search_text = v.text from (values …) v where t.id = v.id`, for one batch. */
async function writeBatch(db: OwnerDb, table: "reservations" | "members", rows: { id: number; text: string }[]) {
  const values: SQL = sql.join(
    rows.map((r) => sql`(${r.id}::integer, ${r.text}::text)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${sql.identifier(table)} t set search_text = v.text from (values ${values}) as v(id, text) where t.id = v.id`,
  );
}

/**
 * Fills the search column of rows that have none, for every site (run as the owner, right after
 * the migrations): the rows written before migration 0020, and any a fixture wrote by hand.
 * Every later write computes its own (decision 051). Idempotent and quick when nothing is missing.
 */
export async function fillSearchText(db: OwnerDb): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .select({
        id: reservations.id,
        reserveNo: reservations.reserveNo,
        borrower: reservations.borrower,
        driver: reservations.driver,
      })
      .from(reservations)
      .where(isNull(reservations.searchText))
      .limit(BATCH);
    if (!rows.length) break;
    await writeBatch(
      db,
      "reservations",
      rows.map((r) => ({ id: r.id, text: reservationSearchText(r.reserveNo, r.borrower, r.driver) })),
    );
    filled += rows.length;
  }
  for (;;) {
    const rows = await db
      .select({
        id: members.id,
        name: members.name,
        kana: members.kana,
        company: members.company,
        companyKana: members.companyKana,
        email: members.email,
        tel: members.tel,
      })
      .from(members)
      .where(isNull(members.searchText))
      .limit(BATCH);
    if (!rows.length) break;
    await writeBatch(
      db,
      "members",
      rows.map((r) => ({ id: r.id, text: memberSearchText(r) })),
    );
    filled += rows.length;
  }
  return filled;
}
