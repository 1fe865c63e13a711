import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { StageBadge, StoreTime, Yen } from "#app/components/admin/counter";
import { AdminErrorSummary } from "#app/components/admin/fields";
import { Facts, MemberStatusBadge } from "#app/components/admin/members";
import { AdminPageHeader, AdminSection, SubmitButton } from "#app/components/admin/page";
import { AdminTable } from "#app/components/admin/table";
import { CsrfField } from "#app/components/csrf-field";
import type { MessageKey } from "#app/i18n/messages";
import { type AdminT, adminMeta, useAdminI18n, useAdminPath, useCan } from "#app/lib/admin";
import { adminLocaleOf, redirectWithAdminFlash, requireStaffAccess } from "#app/lib/admin.server";
import { type FormFailure, formFailure, handleIntent } from "#app/lib/form-action.server";
import { NO_FORM_ERRORS } from "#app/lib/forms";
import { useI18n } from "#app/lib/i18n";
import { publicOrigin } from "#app/lib/seo.server";
import { requireId } from "#app/lib/site.server";
import { firstPasswordMails, memberDetailView } from "#app/presenters/member-admin.server";
import { adminPath } from "#common/admin";
import { formatDateTime, formatIsoDate } from "#common/format";
import { telHref } from "#common/tel";
import { getMemberDetail, resendFirstPassword } from "#server/members/member-admin";
import { siteTimeZone } from "#server/sites/site-bundle";
import type { Route } from "./+types/member-detail";

/**
 * `/members/:memberId`: everything the member registered, their saved drivers with their licences,
 * and their bookings (store staff: their stores'). A member the store registered who has not set a
 * password yet can be sent the first-password mail again.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const detail = await getMemberDetail(db, siteId, actor, requireId(params.memberId));
  return { ...memberDetailView(detail, adminLocaleOf(context) ?? "ja"), timeZone: siteTimeZone(bundle) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const {
    actor,
    siteId,
    bundle,
    db,
    services: { mailer },
  } = requireStaffAccess(context, request);
  const memberId = requireId(params.memberId);
  const form = await request.formData();
  if (form.get("intent") !== "resend") return formFailure(form, { form: { code: "invalid_input" } });
  return handleIntent(form, async () => {
    await resendFirstPassword(db, siteId, actor, memberId, {
      mailer,
      ...firstPasswordMails(bundle, publicOrigin(request, context)),
    });
    return redirectWithAdminFlash(request, adminPath(siteId, `/members/${memberId}`), {
      kind: "success",
      key: "admin.members.resent",
    });
  });
}

/** The page's heading, and its document title. */
function pageTitle(t: AdminT, data: Route.ComponentProps["loaderData"]): string {
  const m = data.member;
  return m.name
    ? t("admin.member.title", { name: m.company ? `${m.company} ${m.name}` : m.name })
    : t("admin.member.titleNumber", { id: m.id });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, pageTitle);

export default function AdminMemberDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminI18n();
  const { t: siteT } = useI18n();
  const path = useAdminPath();
  const can = useCan();
  const { member: m, drivers, bookings, timeZone } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const withdrawn = m.status === "withdrawn";
  const date = (iso: string | null) => (iso ? formatIsoDate(iso) : "");
  const title = pageTitle(t, loaderData);
  const rows: [string, ReactNode][] = [
    [
      t("admin.members.number"),
      <span key="no" className="tabular-nums" data-testid="member-number">
        {m.id}
      </span>,
    ],
    [siteT("member.userType"), siteT(`member.userType.${m.userType}` as MessageKey)],
    ...(m.userType === 2
      ? ([
          [siteT("member.company"), m.company],
          [siteT("member.companyKana"), m.companyKana],
        ] as [string, ReactNode][])
      : []),
    [siteT("member.name"), m.name],
    [siteT("member.kana"), m.kana],
    [
      siteT("member.email"),
      m.email ? (
        <a key="email" href={`mailto:${m.email}`} className="link tap break-all">
          {m.email}
        </a>
      ) : (
        ""
      ),
    ],
    [
      siteT("member.tel"),
      m.tel ? (
        <a key="tel" href={telHref(m.tel)} className="link tap whitespace-nowrap">
          {m.tel}
        </a>
      ) : (
        ""
      ),
    ],
    [siteT("member.gender"), m.gender ? siteT(`member.gender.${m.gender}` as MessageKey) : siteT("member.notSet")],
    [siteT("member.birthdate"), date(m.birthdate)],
    [
      t("admin.member.address"),
      m.address ? (
        <span key="address" data-testid="member-address">
          {m.address}
        </span>
      ) : (
        ""
      ),
    ],
    [siteT("member.newsletter"), siteT(`member.newsletter.${m.newsletter}` as MessageKey)],
    [t("admin.member.language"), m.language],
    [t("admin.members.registered"), formatDateTime(new Date(m.createdAt), timeZone)],
    [t("admin.member.registeredBy"), t(m.registeredByStore ? "admin.member.byStore" : "admin.member.byMember")],
    ...(m.withdrawnAt
      ? ([[t("admin.member.withdrawnAt"), formatDateTime(new Date(m.withdrawnAt), timeZone)]] as [string, ReactNode][])
      : []),
  ];
  return (
    <>
      <AdminPageHeader title={title} back={path("/members")} actions={<MemberStatusBadge status={m.status} />} />
      {withdrawn ? (
        <p className="mb-4 rounded-md border border-gray-300 bg-gray-50 p-3" data-testid="withdrawn-note">
          {t("admin.member.withdrawnNote")}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <AdminSection title={t("admin.member.profile")} testId="member-profile">
          <Facts rows={rows} />
        </AdminSection>
        <div className="grid content-start gap-4">
          {m.status === "awaiting_password" ? (
            <AdminSection title={t("admin.member.firstPassword")} testId="first-password">
              <p className="text-sm text-gray-800">{t("admin.member.firstPasswordLead")}</p>
              {can("members.register") ? (
                <Form method="post" className="grid gap-3">
                  <CsrfField />
                  <AdminErrorSummary errors={failure?.errors ?? NO_FORM_ERRORS} />
                  <div>
                    <SubmitButton intent="resend" testId="resend-first-password">
                      {t("admin.member.resend")}
                    </SubmitButton>
                  </div>
                </Form>
              ) : null}
            </AdminSection>
          ) : null}
          <AdminSection title={t("admin.member.drivers")} testId="member-drivers">
            {drivers.length ? (
              <ul className="grid gap-3">
                {drivers.map((d) => (
                  <li key={d.id} className="rounded-md border border-gray-200 p-3" data-testid="member-driver">
                    <p className="font-semibold">
                      {d.name}
                      {d.kana ? <span className="ml-2 text-sm font-normal text-gray-700">{d.kana}</span> : null}
                    </p>
                    <Facts
                      rows={[
                        [siteT("member.birthdate"), date(d.birthdate)],
                        [
                          t("admin.member.licenseTypes"),
                          d.licenseTypes.map((c) => siteT(`licenseType.${c}` as MessageKey)).join("、"),
                        ],
                        [t("admin.member.licenseNumber"), d.licenseNumber],
                        [t("admin.member.licenseAcquired"), date(d.licenseAcquisitionDate)],
                        [t("admin.member.licenseExpires"), date(d.licenseExpirationDate)],
                      ]}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-gray-700">{t("admin.member.noDrivers")}</p>
            )}
          </AdminSection>
        </div>
      </div>
      <section className="mt-6" aria-labelledby="member-bookings-title" data-testid="member-bookings">
        <h2 id="member-bookings-title" className="mb-3 text-lg font-bold">
          {t("admin.member.bookings")}
        </h2>
        <AdminTable
          caption={t("admin.member.bookings")}
          testId="member-bookings-table"
          rows={bookings}
          rowKey={(b) => b.id}
          empty={t("admin.member.noBookings")}
          columns={[
            {
              key: "no",
              header: t("admin.reservations.reserveNo"),
              cell: (b) => (
                <Link
                  to={path(`/reservations/${encodeURIComponent(b.reserveNo)}`)}
                  className="link tap font-semibold whitespace-nowrap"
                  data-testid="member-booking-link"
                >
                  {b.reserveNo}
                </Link>
              ),
            },
            { key: "stage", header: t("admin.reservations.stage"), cell: (b) => <StageBadge stage={b.stage} /> },
            {
              key: "departure",
              header: t("admin.reservations.departure"),
              cell: (b) => <StoreTime at={b.startAt} timeZone={b.timeZone} />,
            },
            {
              key: "return",
              header: t("admin.reservations.return"),
              cell: (b) => <StoreTime at={b.endAt} timeZone={b.timeZone} />,
            },
            { key: "store", header: t("admin.reservations.store"), cell: (b) => b.storeName },
            { key: "car", header: t("admin.reservations.carType"), cell: (b) => b.carTypeName },
            {
              key: "total",
              header: t("admin.reservations.total"),
              numeric: true,
              cell: (b) => <Yen amount={b.totalFee} />,
            },
          ]}
        />
      </section>
    </>
  );
}
