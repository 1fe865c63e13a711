import { Form, Link } from "react-router";
import { StageBadge, StoreTime } from "#app/components/admin/counter";
import { AdminInput } from "#app/components/admin/fields";
import { AdminPageHeader } from "#app/components/admin/page";
import { StaffText } from "#app/components/admin/staff-text";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath } from "#app/lib/admin";
import { requireStaffAccess } from "#app/lib/admin.server";
import { NO_FORM_ERRORS } from "#app/lib/forms";
import { searchEverything } from "#server/search/staff-search";
import { siteTimeZone } from "#server/sites/site-bundle";
import type { Route } from "./+types/search";

/**
 * `/search?q=`: the header's search box (issue 41). Reservations and members found however the
 * name is typed (hiragana or katakana, half- or full-width, with or without spaces), by a phone
 * number's digits, a reservation number or an e-mail (decision 051); each links to its page.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const found = q ? await searchEverything(db, siteId, actor, q, siteTimeZone(bundle)) : null;
  return { q, found };
}

function pageTitle(t: AdminT, q: string): string {
  return q ? t("admin.search.titleFor", { q }) : t("admin.search.title");
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (t) => pageTitle(t, args.loaderData?.q ?? ""));

const listClass = "card divide-y divide-gray-200 overflow-hidden";
const rowClass = "flex min-h-14 flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-gray-50";

export default function AdminSearch({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useAdminI18n();
  const path = useAdminPath();
  const { q, found } = loaderData;
  const numbers = new Intl.NumberFormat(locale === "en" ? "en-GB" : "ja-JP");
  const query = new URLSearchParams({ q }).toString();
  return (
    <>
      <AdminPageHeader title={pageTitle(t, q)} />
      {/* Keyed by the query: a search from the header, on this page, shows its own words here. */}
      <Form
        key={q}
        method="get"
        className="card mb-6 grid items-start gap-3 p-4 sm:grid-cols-[1fr_auto]"
        role="search"
        aria-label={t("admin.search.title")}
        data-testid="staff-search"
      >
        <AdminInput
          name="q"
          type="search"
          label={t("admin.search.label")}
          hint={t("admin.search.hint")}
          errors={NO_FORM_ERRORS}
          defaultValue={q}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="btn-primary sm:mt-7" data-testid="staff-search-submit">
          {t("admin.search.submit")}
        </button>
      </Form>
      {!found ? (
        <p className="text-gray-700" data-testid="search-empty">
          {t("admin.search.empty")}
        </p>
      ) : (
        <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
          <section aria-labelledby="found-reservations" className="grid gap-3" data-testid="found-reservations">
            <h2 id="found-reservations" className="text-lg font-bold">
              {t("admin.search.reservations", { count: numbers.format(found.reservations.total) })}
            </h2>
            {found.reservations.rows.length ? (
              <ul className={listClass}>
                {found.reservations.rows.map((r) => (
                  <li key={r.id}>
                    <Link
                      to={path(`/reservations/${encodeURIComponent(r.reserveNo)}`)}
                      className={rowClass}
                      data-testid="found-reservation"
                      data-reserve-no={r.reserveNo}
                    >
                      <span className="font-semibold text-blue-800 underline tabular-nums">{r.reserveNo}</span>
                      <StageBadge stage={r.stage} />
                      <span className="basis-full font-semibold sm:basis-auto">{r.borrowerName || "—"}</span>
                      <span className="basis-full text-sm text-gray-700">
                        <StaffText ja={r.storeName} en={r.storeNameEn} /> ·{" "}
                        <StoreTime at={r.startAt} timeZone={r.timeZone} /> →{" "}
                        <StoreTime at={r.endAt} timeZone={r.timeZone} /> ·{" "}
                        <StaffText ja={r.carTypeName} en={r.carTypeNameEn} />
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-gray-700" data-testid="no-reservations">
                {t("admin.search.noReservations")}
              </p>
            )}
            {found.reservations.total > found.reservations.rows.length ? (
              <Link to={path(`/reservations?${query}`)} className="link tap" data-testid="all-reservations">
                {t("admin.search.allReservations", { count: numbers.format(found.reservations.total) })}
              </Link>
            ) : null}
          </section>
          <section aria-labelledby="found-members" className="grid gap-3" data-testid="found-members">
            <h2 id="found-members" className="text-lg font-bold">
              {t("admin.search.members", { count: numbers.format(found.members.total) })}
            </h2>
            {found.members.rows.length ? (
              <ul className={listClass}>
                {found.members.rows.map((m) => (
                  <li key={m.id}>
                    <Link
                      to={path(`/members/${m.id}`)}
                      className={rowClass}
                      data-testid="found-member"
                      data-member-id={m.id}
                    >
                      <span className="font-semibold text-blue-800 underline">
                        {m.company ? `${m.company} ` : ""}
                        {m.name || t("admin.members.noName")}
                      </span>
                      {m.kana ? <span className="text-sm text-gray-700">{m.kana}</span> : null}
                      <span className="basis-full text-sm break-all text-gray-700">
                        {t("admin.members.number")} {m.id}
                        {m.tel ? ` · ${m.tel}` : ""}
                        {m.email ? ` · ${m.email}` : ""}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-gray-700" data-testid="no-members">
                {t("admin.search.noMembers")}
              </p>
            )}
            {found.members.total > found.members.rows.length ? (
              <Link to={path(`/members?${query}`)} className="link tap" data-testid="all-members">
                {t("admin.search.allMembers", { count: numbers.format(found.members.total) })}
              </Link>
            ) : null}
          </section>
        </div>
      )}
    </>
  );
}
