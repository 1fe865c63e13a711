import { type ReactNode, useId } from "react";
import type { AdminMessageKey } from "#app/i18n/admin";
import { useAdminI18n } from "#app/lib/admin";
import { useI18n } from "#app/lib/i18n";
import { BIRTH_YEAR_MIN, DEFAULT_BIRTH_YEAR } from "#server/members/member.schema";
import type { MemberStatus } from "#server/members/member-admin";
import { type AdminErrors, AdminFieldError, fieldId } from "./fields";

/** A member's standing as a badge: a member, waiting to set a first password, or withdrawn. */
const STATUS_STYLE: Record<MemberStatus, string> = {
  active: "bg-green-100 text-green-900",
  awaiting_password: "bg-amber-100 text-amber-900",
  withdrawn: "bg-gray-200 text-gray-900",
};

const STATUS_LABEL: Record<MemberStatus, AdminMessageKey> = {
  active: "admin.members.status.active",
  awaiting_password: "admin.members.status.awaiting_password",
  withdrawn: "admin.members.status.withdrawn",
};

export function MemberStatusBadge({ status }: { status: MemberStatus }) {
  const { t } = useAdminI18n();
  return (
    <span
      className={`inline-block rounded px-2 py-0.5 text-sm font-semibold whitespace-nowrap ${STATUS_STYLE[status]}`}
      data-testid="member-status"
      data-status={status}
    >
      {t(STATUS_LABEL[status])}
    </span>
  );
}

/** Labelled facts, one per line on a phone and in two columns on a desktop; an empty value shows a dash. */
export function Facts({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[11rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-gray-700">{label}</dt>
          <dd className="mb-2 break-words sm:mb-0">
            {value === "" || value === null || value === undefined ? "—" : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A birth date as the registration asks it: year (1990 first), month and day selects in one fieldset. */
export function BirthdateSelects({
  values,
  errors,
}: {
  values: { birth_year: string; birth_month: string; birth_day: string };
  errors: AdminErrors;
}) {
  const { t } = useAdminI18n();
  const { t: siteT } = useI18n();
  const base = useId();
  const error = errors.birthdate;
  const errorId = `${base}-error`;
  const thisYear = new Date().getFullYear();
  const parts = [
    {
      name: "birth_year",
      unit: siteT("member.birthYear"),
      options: Array.from({ length: thisYear - BIRTH_YEAR_MIN + 1 }, (_, i) => String(thisYear - i)),
      value: values.birth_year || String(DEFAULT_BIRTH_YEAR),
    },
    {
      name: "birth_month",
      unit: siteT("member.birthMonth"),
      options: Array.from({ length: 12 }, (_, i) => String(i + 1)),
      value: values.birth_month,
    },
    {
      name: "birth_day",
      unit: siteT("member.birthDay"),
      options: Array.from({ length: 31 }, (_, i) => String(i + 1)),
      value: values.birth_day,
    },
  ];
  return (
    <fieldset data-field="birthdate" id={fieldId("birthdate")} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-800">
        {siteT("member.birthdate")}
        <span className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">
          {t("admin.form.required")}
        </span>
      </legend>
      <div className="flex flex-wrap items-center gap-3">
        {parts.map((p) => (
          <label key={p.name} className="inline-flex items-center gap-1">
            <select
              name={p.name}
              defaultValue={p.value}
              className="field w-auto"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            >
              <option value="">{siteT("member.birthUnset")}</option>
              {p.options.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
            <span>{p.unit}</span>
          </label>
        ))}
      </div>
      <AdminFieldError id={errorId} reason={error} />
    </fieldset>
  );
}
