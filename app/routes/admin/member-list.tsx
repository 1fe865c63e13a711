import { Form, Link } from "react-router";
import { AdminInput } from "#app/components/admin/fields";
import { MemberStatusBadge } from "#app/components/admin/members";
import { AdminPageHeader, AdminPager } from "#app/components/admin/page";
import { AdminTable } from "#app/components/admin/table";
import { adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { NO_FORM_ERRORS } from "#app/lib/forms";
import { memberRowView } from "#app/presenters/member-admin.server";
import { formatDate } from "#common/format";
import { searchMembers } from "#server/members/member-admin";
import { memberFilter, memberFilterQuery } from "#server/members/member-search.schema";
import { siteTimeZone } from "#server/sites/site-bundle";
import type { Route } from "./+types/member-list";

/**
 * `/members`: the site's members found by number, name or reading, e-mail or phone (`?q=&page=`),
 * the newest registered first, with how many bookings each has.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const filter = memberFilter(new URL(request.url).searchParams);
  const found = await searchMembers(db, siteId, actor, filter);
  return { ...found, rows: found.rows.map(memberRowView), filter, timeZone: siteTimeZone(bundle) };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => t("admin.members.title"));

export default function AdminMemberList({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useAdminI18n();
  const path = useAdminPath();
  const can = useCan();
  const { filter, page, pages, total, timeZone } = loaderData;
  const numbers = new Intl.NumberFormat(locale === "en" ? "en-GB" : "ja-JP");
  const pageLink = (n: number) => {
    const q = memberFilterQuery(filter, n);
    return path(`/members${q ? `?${q}` : ""}`);
  };
  const canRegister = can("members.register");
  const empty = filter.q ? (
    <span data-testid="members-no-match">
      {t("admin.members.noMatch", { q: filter.q })}{" "}
      <Link to={path("/members")} className="link tap">
        {t("admin.members.clear")}
      </Link>
    </span>
  ) : (
    <span data-testid="members-none">
      {t("admin.members.none")}{" "}
      {canRegister ? (
        <Link to={path("/members/new")} className="link tap">
          {t("admin.members.new")}
        </Link>
      ) : null}
    </span>
  );
  return (
    <>
      <AdminPageHeader
        title={t("admin.members.title")}
        lead={t("admin.members.lead")}
        actions={
          canRegister ? (
            <Link to={path("/members/new")} className="btn-primary" data-testid="new-member">
              {t("admin.members.new")}
            </Link>
          ) : null
        }
      />
      <Form
        method="get"
        className="card mb-4 grid items-start gap-3 p-4 sm:grid-cols-[1fr_auto]"
        role="search"
        aria-label={t("admin.members.search")}
        data-testid="member-filter"
      >
        <AdminInput
          name="q"
          type="search"
          label={t("admin.members.query")}
          hint={t("admin.members.queryHint")}
          errors={NO_FORM_ERRORS}
          defaultValue={filter.q}
          autoComplete="off"
        />
        <button type="submit" className="btn-secondary sm:mt-7" data-testid="member-search">
          {t("admin.action.search")}
        </button>
      </Form>
      <p className="mb-2 text-sm text-gray-700" data-testid="member-count" aria-live="polite">
        {t("admin.members.count", { total: numbers.format(total) })}
      </p>
      <AdminTable
        caption={t("admin.members.title")}
        testId="members-table"
        rows={loaderData.rows}
        rowKey={(m) => m.id}
        empty={empty}
        columns={[
          { key: "no", header: t("admin.members.number"), cell: (m) => <span className="tabular-nums">{m.id}</span> },
          {
            key: "name",
            header: t("admin.members.name"),
            cell: (m) => (
              <div>
                <Link
                  to={path(`/members/${m.id}`)}
                  className="link tap min-h-11 font-semibold"
                  data-testid="member-link"
                  data-member-id={m.id}
                >
                  {m.company ? `${m.company} ` : ""}
                  {m.name || t("admin.members.noName")}
                </Link>
                {m.kana ? <span className="block text-sm text-gray-700">{m.kana}</span> : null}
              </div>
            ),
          },
          {
            key: "email",
            header: t("admin.members.email"),
            cell: (m) => <span className="break-all">{m.email ?? "—"}</span>,
          },
          {
            key: "tel",
            header: t("admin.members.tel"),
            cell: (m) => <span className="whitespace-nowrap tabular-nums">{m.tel || "—"}</span>,
          },
          {
            key: "registered",
            header: t("admin.members.registered"),
            cell: (m) => (
              <time dateTime={new Date(m.createdAt).toISOString()} className="tabular-nums">
                {formatDate(new Date(m.createdAt), timeZone)}
              </time>
            ),
          },
          {
            key: "bookings",
            header: t("admin.members.bookings"),
            numeric: true,
            cell: (m) => numbers.format(m.bookings),
          },
          { key: "status", header: t("admin.members.status"), cell: (m) => <MemberStatusBadge status={m.status} /> },
        ]}
      />
      <AdminPager page={page} pages={pages} link={pageLink} />
    </>
  );
}
