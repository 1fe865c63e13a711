/** Database ids in paths and queries: 1 … 999,999,999, digits only, no leading zero. */
const ID = /^[1-9][0-9]{0,8}$/;

/** One way to read an id from a path segment or a query value: a positive integer, or null. */
export function parseId(value: string | null | undefined): number | null {
  return value && ID.test(value) ? Number(value) : null;
}

/** `YYYY-MM`: a calendar month in a query. */
export const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
