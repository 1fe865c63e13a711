import { ADMIN_CATALOGUES, type AdminMessageKey } from "#app/i18n/admin";
import { type TranslateParams, translateKey } from "#app/i18n/translate";
import type { AdminLocale } from "#common/admin";
import { formatYen } from "#common/format";
import type { AuditNames, AuditRow } from "#server/audit/audit-log";

/**
 * The audit log in sentences (issue 41 item 6): each entry as staff would say it, in their language,
 * with a link to what it concerns. Codes (`reservation.cancel`, `twoFactor: true`) never reach the page.
 */

export interface AuditEntryView {
  id: number;
  at: string;
  /** The recorded action (`reservation.cancel`…), kept on the entry for tools and tests; people read the sentence. */
  action: string;
  /** Who: the staff member's name, the address typed at a refused sign-in, or the system. */
  who: string;
  sentence: string;
  /** A refused sign-in or page: shown as such. */
  refused: boolean;
  /** The page of the record it concerns, inside the back office (`/reservations/…`), when it still exists. */
  link: string | null;
  /** An update's fields, before and after (names as recorded, values as text). */
  changes: { field: string; before: string; after: string }[];
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** The record's page by its kind, for the ones the back office has a page for. */
const PAGES: Record<string, string> = {
  store: "/stores/",
  vehicle: "/vehicles/",
  car_type: "/car-types/",
  car_class: "/classes/",
  fee_plan: "/fee-plans/",
  option: "/options/",
  news: "/news/",
  custom_page: "/pages/",
  member: "/members/",
  staff: "/staff/",
  webhook_endpoint: "/webhooks/",
};

const NAME_KEYS = ["name", "storeName", "typeName", "className", "planName", "title", "registrationNumber", "email"];

function nameIn(...sides: Json[]): string {
  for (const side of sides) {
    for (const key of NAME_KEYS) {
      const v = str(side[key]).trim();
      if (v) return v;
    }
  }
  return "";
}

/** What a create recorded and what an update or change altered; the sentence says the rest. */
function changeRows(row: AuditRow): AuditEntryView["changes"] {
  if (!/\.(create|update|change)$/.test(row.action)) return [];
  const b = obj(row.before);
  const a = obj(row.after);
  const show = (v: unknown) =>
    v === undefined || v === null || v === "" ? "—" : typeof v === "string" ? v : JSON.stringify(v);
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].map((field) => ({
    field,
    before: show(b[field]),
    after: show(a[field]),
  }));
}

export function auditSentence(row: AuditRow, names: AuditNames, locale: AdminLocale): string {
  const t = (key: AdminMessageKey, params?: TranslateParams) =>
    translateKey(ADMIN_CATALOGUES[locale], key, params, locale);
  const yen = (n: number | null) => formatYen(n ?? 0, locale);
  const before = obj(row.before);
  const after = obj(row.after);
  const reserveNo = row.entity === "reservation" ? row.entityId : str(after.reserveNo);
  const renter = names.renters.get(reserveNo) ?? "";
  const booking = renter
    ? t("admin.auditLog.booking.named", { name: renter, reserveNo })
    : t("admin.auditLog.booking.plain", { reserveNo });
  const plate = (id: unknown) => names.plates.get(num(id) ?? -1) ?? "";
  const target = nameIn(after, before) || (row.entityId ? `#${row.entityId}` : "");
  const entityKey = `admin.auditLog.entity.${row.entity}` as AdminMessageKey;
  const entity = Object.hasOwn(ADMIN_CATALOGUES.ja, entityKey) ? t(entityKey) : t("admin.auditLog.entity.other");

  switch (row.action) {
    case "reservation.create":
      return t("admin.auditLog.reservation.create", { booking });
    case "reservation.cancel": {
      const fee = num(after.cancellationFee);
      return fee
        ? t("admin.auditLog.reservation.cancelFee", { booking, fee: yen(fee) })
        : t("admin.auditLog.reservation.cancel", { booking });
    }
    case "reservation.change": {
      const difference = num(after.difference);
      if (!difference) return t("admin.auditLog.reservation.change", { booking });
      const amount = `${difference > 0 ? "+" : "−"}${yen(Math.abs(difference))}`;
      return t("admin.auditLog.reservation.changeDifference", { booking, amount });
    }
    case "reservation.assign":
      return after.vehicleId === null || after.vehicleId === undefined
        ? t("admin.auditLog.reservation.unassign", { booking })
        : t("admin.auditLog.reservation.assign", { booking, plate: plate(after.vehicleId) || `#${after.vehicleId}` });
    case "reservation.depart":
      return t("admin.auditLog.reservation.depart", {
        booking,
        plate: plate(after.vehicleId),
        km: (num(after.departureMileage) ?? 0).toLocaleString("en-US"),
      });
    case "reservation.return": {
      const km = num(after.returnMileage);
      return km === null
        ? t("admin.auditLog.reservation.return", { booking })
        : t("admin.auditLog.reservation.returnMeter", { booking, km: km.toLocaleString("en-US") });
    }
    case "reservation.return.adjust":
      return t("admin.auditLog.reservation.adjust", { booking });
    case "reservation.return.settle":
      return t("admin.auditLog.reservation.settle", {
        booking,
        amount: yen(num(after.amount) ?? num(after.attempted)),
      });
    case "reservation.resend":
      return t("admin.auditLog.reservation.resend", { booking });
    case "payment.retried":
      return t("admin.auditLog.payment.retried", { booking, amount: yen(num(after.amount)) });
    case "payment.unresolved":
      return t("admin.auditLog.payment.unresolved", { booking, amount: yen(num(after.amount)) });
    case "staff.sign_in":
      return t("admin.auditLog.signIn");
    case "staff.sign_in_failed": {
      const outcome = str(after.outcome);
      const known = ["wrong_password", "wrong_code", "throttled"].includes(outcome) ? outcome : "wrong_password";
      return t(`admin.auditLog.signInFailed.${known}` as AdminMessageKey);
    }
    case "staff.forbidden":
      return t("admin.auditLog.forbidden", { path: str(after.path).replace(/^\/admin\/[^/]+/, "") || "/" });
    case "staff.invite":
      return t("admin.auditLog.staff.invite", { target });
    case "staff.update":
      return t("admin.auditLog.staff.update", { target: names.staff.get(Number(row.entityId)) ?? target });
    case "staff.two_factor_on":
      return t("admin.auditLog.staff.twoFactorOn");
    case "staff.two_factor_off":
      return t("admin.auditLog.staff.twoFactorOff");
    case "staff.change_password":
      return t("admin.auditLog.staff.changePassword");
    case "staff.resend_invitation":
      return t("admin.auditLog.staff.resendInvitation", { target: names.staff.get(Number(row.entityId)) ?? target });
    case "staff.accept_invitation":
      return t("admin.auditLog.staff.acceptInvitation");
    case "staff.reset_password":
      return t("admin.auditLog.staff.resetPassword");
    case "member.register":
      return t("admin.auditLog.member.register", { target });
    case "member.first_password_resent":
      return t("admin.auditLog.member.resent", { target });
    case "site.create":
      return t("admin.auditLog.site.create");
  }
  if (row.action.startsWith("import.")) {
    const kindKey = `admin.auditLog.entity.${row.action.slice(7)}` as AdminMessageKey;
    return t("admin.auditLog.import", {
      file: str(after.file),
      count: num(after.count) ?? 0,
      entity: Object.hasOwn(ADMIN_CATALOGUES.ja, kindKey) ? t(kindKey) : t("admin.auditLog.entity.other"),
    });
  }
  const named = nameIn(after, before);
  const name = named
    ? t("admin.auditLog.name", { name: named })
    : row.entityId
      ? t("admin.auditLog.number", { id: row.entityId })
      : "";
  const verb = row.action.endsWith(".create")
    ? "admin.auditLog.created"
    : row.action.endsWith(".delete")
      ? "admin.auditLog.deleted"
      : /\.(update|clear)$/.test(row.action)
        ? "admin.auditLog.updated"
        : "admin.auditLog.changed";
  return t(verb, { entity, name }).replace(/\s+を/, "を").trim();
}

function linkOf(row: AuditRow): string | null {
  if (row.entity === "reservation" && row.entityId) return `/reservations/${encodeURIComponent(row.entityId)}`;
  const reserveNo = str(obj(row.after).reserveNo);
  if (reserveNo) return `/reservations/${encodeURIComponent(reserveNo)}`;
  const page = PAGES[row.entity];
  if (!page || !row.entityId || row.action.endsWith(".delete") || row.action.startsWith("staff.sign_in")) return null;
  if (row.action === "staff.forbidden") return null;
  return `${page}${encodeURIComponent(row.entityId)}`;
}

/** Work done without a staff member names the command or job that did it, e.g. "System (site:create)". */
function systemActor(actor: string, locale: AdminLocale): string {
  const system = translateKey(ADMIN_CATALOGUES[locale], "admin.auditLog.system", undefined, locale);
  return actor ? `${system} (${actor})` : system;
}

export function auditEntryViews(rows: readonly AuditRow[], names: AuditNames, locale: AdminLocale): AuditEntryView[] {
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    who:
      row.staffId !== null
        ? names.staff.get(row.staffId) || row.actor
        : row.action === "staff.sign_in_failed"
          ? row.actor
          : systemActor(row.actor, locale),
    sentence: auditSentence(row, names, locale),
    refused: row.action === "staff.sign_in_failed" || row.action === "staff.forbidden",
    link: linkOf(row),
    changes: changeRows(row),
  }));
}
