import { isValidIsoDate } from "#common/calendar-date";
import { parseId } from "#common/params";

/**
 * The audit log's filter (issue 41 item 6): who (a member of staff), what (a kind of entry), when
 * (dates, inclusive, in the site's zone) and which booking. Read from the query string; anything
 * unreadable is no filter.
 */
export const AUDIT_KINDS = [
  "reservations",
  "sign_ins",
  "staff",
  "catalog",
  "prices",
  "content",
  "settings",
  "members",
  "integrations",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** The actions of each kind, by the start of their name. */
export const AUDIT_KIND_PREFIXES: Record<AuditKind, readonly string[]> = {
  reservations: ["reservation.", "payment."],
  sign_ins: ["staff.sign_in", "staff.forbidden"],
  staff: ["staff."],
  catalog: ["car_class.", "car_type.", "vehicle.", "immunity."],
  prices: ["fee_plan.", "option."],
  content: ["news.", "custom_page.", "seo.", "top_text.", "driver_settings."],
  settings: ["site.", "settlement.", "store.", "import."],
  members: ["member."],
  integrations: ["api_key.", "webhook.", "calendar_feed."],
};

export interface AuditFilter {
  staffId: number | null;
  kind: AuditKind | null;
  from: string | null;
  to: string | null;
  reserveNo: string;
  /** The id the previous page ended on. */
  before: number | null;
}

export function auditFilter(params: URLSearchParams): AuditFilter {
  const date = (name: string) => {
    const v = (params.get(name) ?? "").replaceAll("/", "-");
    return isValidIsoDate(v) ? v : null;
  };
  const kind = params.get("kind") ?? "";
  return {
    staffId: parseId(params.get("staff")),
    kind: (AUDIT_KINDS as readonly string[]).includes(kind) ? (kind as AuditKind) : null,
    from: date("from"),
    to: date("to"),
    reserveNo: (params.get("reserve") ?? "").trim().slice(0, 40),
    before: parseId(params.get("before")),
  };
}

/** The filter as a query string (without the page), for links that keep it. */
export function auditFilterQuery(filter: AuditFilter, before?: number): string {
  const query = new URLSearchParams();
  if (filter.staffId) query.set("staff", String(filter.staffId));
  if (filter.kind) query.set("kind", filter.kind);
  if (filter.from) query.set("from", filter.from);
  if (filter.to) query.set("to", filter.to);
  if (filter.reserveNo) query.set("reserve", filter.reserveNo);
  if (before) query.set("before", String(before));
  return query.toString();
}
