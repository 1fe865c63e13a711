/** The back office's member list filter (issue 24), client-safe: read from and written to the query string. */

export const MEMBER_PAGE_SIZE = 50;

export interface MemberFilter {
  /** A member number, a name or its reading, an e-mail address or a phone number. */
  q: string;
  page: number;
}

/** `?q=&page=`; anything unreadable is no filter. */
export function memberFilter(params: URLSearchParams): MemberFilter {
  const page = params.get("page") ?? "";
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    page: /^\d{1,6}$/.test(page) && Number(page) > 0 ? Number(page) : 1,
  };
}

export function memberFilterQuery(filter: MemberFilter, page = 1): string {
  const query = new URLSearchParams();
  if (filter.q) query.set("q", filter.q);
  if (page > 1) query.set("page", String(page));
  return query.toString();
}
