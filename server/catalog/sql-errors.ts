/**
 * What PostgreSQL said about a refused statement: its SQLSTATE, the constraint and the detail, found
 * under the wrappers Drizzle puts around the driver's error (pg and PGlite alike).
 */
export interface SqlRefusal {
  code?: string;
  constraint?: string;
  detail?: string;
}

export function sqlRefusal(error: unknown): SqlRefusal {
  for (let e = error as (SqlRefusal & { cause?: unknown }) | undefined; e && typeof e === "object"; ) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    e = e.cause as typeof e;
  }
  return {};
}

/** A row another one still refers to (a foreign key with `restrict`). */
export const isStillReferenced = (error: unknown) => sqlRefusal(error).code === "23503";

/**
 * Runs a transaction again when PostgreSQL broke a deadlock by aborting it (40P01). Two bookings
 * given the same car at once each wait for the other's exclusion check; PostgreSQL aborts one, and
 * run again it reads the winner's row and is refused as it should be.
 */
export async function retryingDeadlocks<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || sqlRefusal(error).code !== "40P01") throw error;
    }
  }
}
