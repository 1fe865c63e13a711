import { Link, redirect } from "react-router";
import { BookingFactsCard } from "#app/components/booking/booking-facts";
import { BookingSteps, PeriodText } from "#app/components/booking/booking-summary";
import { useYen } from "#app/components/car/price";
import { FlowExitLink } from "#app/lib/embed";
import { useI18n } from "#app/lib/i18n";
import { getReserveSession, reservePath } from "#app/lib/reserve-session.server";
import { privateMeta } from "#app/lib/seo";
import { getMember } from "#app/lib/session.server";
import { sitePath, useSite } from "#app/lib/site";
import { getSite, services } from "#app/lib/site.server";
import { periodView } from "#app/presenters/booking.server";
import { cancelWay } from "#app/presenters/cancel-way.server";
import { formatDateTime } from "#common/format";
import { pickLang } from "#common/locales";
import { telHref, telShown } from "#common/tel";
import { reservationFacts } from "#server/reservations/booking-facts";
import { reservationResult } from "#server/reservations/result";
import type { Route } from "./+types/completed";

/**
 * The completion page (spec §2 /reserve/completed, §3 reservation result): the reserve number,
 * where the confirmation mail went, and the store to call. It offers the same way to cancel as the
 * confirmation mail (issue 37): while the site lets customers cancel online, the mail's signed link
 * for a guest or My Page for a member, with the deadline; otherwise the store's phone. It stays
 * readable on reload; starting another booking replaces it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const session = await getReserveSession(context);
  if (!session?.completed) throw redirect(reservePath(context, "/reserve"));
  const { siteId, bundle, locale } = getSite(context);
  const result = await reservationResult(services(context).db, siteId, session.completed.reservationId);
  if (!result) throw redirect(reservePath(context, "/reserve"));
  const store = bundle.stores.find((s) => s.id === result.storeId);
  const returnStore = bundle.stores.find((s) => s.id === (result.returnStoreId ?? result.storeId)) ?? store;
  const way = cancelWay(bundle, result);
  return {
    reserveNo: result.reserveNo,
    email: result.borrower?.email ?? "",
    storeName: store ? pickLang(store, "storeName", locale) : "",
    returnStoreName: returnStore ? pickLang(returnStore, "storeName", locale) : "",
    tel: store?.tel ?? "",
    period: store ? periodView(result.startAt, result.endAt, store.timeZone) : null,
    total: result.totalFee,
    payMethod: result.payMethod,
    member: (await getMember(context)) !== null,
    // Repeated where people look on the day, as the mail does (issue 40).
    facts: reservationFacts(bundle, result, locale),
    // The mail's way to cancel: its signed link (a guest) or My Page (a member), until the deadline.
    cancelOnline: way
      ? {
          deadline: formatDateTime(way.deadline, store?.timeZone),
          path:
            way.kind === "guest"
              ? `/reserve/cancel?${new URLSearchParams({ ...way.link })}`
              : `/mypage/reserves/${result.id}`,
          guest: way.kind === "guest",
        }
      : null,
  };
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "completed.title");

export default function Completed({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const yen = useYen();
  const shell = useSite();
  const d = loaderData;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-3 pt-3 pb-8 outline-none sm:px-4">
      <BookingSteps current={3} />
      <h1 className="mt-4 text-2xl font-bold" data-testid="page-title">
        {t("completed.title")}
      </h1>
      <p className="mt-1 text-gray-800">{t("completed.lead")}</p>
      <section className="card mt-4 p-4" aria-labelledby="reserve-no-label" data-testid="completed-result">
        <p id="reserve-no-label" className="text-sm text-gray-700">
          {t("completed.reserveNo")}
        </p>
        <p className="text-3xl font-bold tracking-wider" data-testid="reserve-no">
          {d.reserveNo}
        </p>
        {d.email ? (
          <p className="mt-3 text-sm" data-testid="completed-email">
            {t("completed.mailSent", { email: d.email })}
          </p>
        ) : null}
        <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-700">{t("confirm.departureStore")}</dt>
          <dd data-testid="completed-store">{d.storeName}</dd>
          <dt className="text-gray-700">{t("confirm.returnStore")}</dt>
          <dd>{d.returnStoreName}</dd>
          {d.period ? (
            <>
              <dt className="text-gray-700">{t("confirm.period")}</dt>
              <dd>
                <PeriodText period={d.period} />
              </dd>
            </>
          ) : null}
          <dt className="text-gray-700">{t("booking.fees.total")}</dt>
          <dd className="price font-bold" data-testid="completed-total">
            {yen(d.total)}
          </dd>
          <dt className="text-gray-700">{t("reserves.payMethod")}</dt>
          <dd>{t(`reserves.pay.${d.payMethod}` as "reserves.pay.1")}</dd>
        </dl>
      </section>
      <div className="mt-4">
        <BookingFactsCard facts={d.facts} />
      </div>
      {d.cancelOnline ? (
        <section className="card mt-4 p-4" data-testid="completed-cancel">
          <p className="text-sm text-gray-800" data-testid="completed-cancel-deadline">
            {t("completed.cancelOnline", { deadline: d.cancelOnline.deadline })}
          </p>
          <FlowExitLink
            to={sitePath({ ...shell, embedded: false }, d.cancelOnline.path)}
            className="btn-secondary mt-2 w-full"
            testId="completed-cancel-link"
          >
            {d.cancelOnline.guest ? t("completed.cancelGuest") : t("completed.cancelMember")}
          </FlowExitLink>
        </section>
      ) : null}
      {d.tel ? (
        <section className="card mt-4 p-4" data-testid="completed-store-contact">
          <p className="text-sm text-gray-800">
            {d.cancelOnline
              ? t("completed.contactChange", { store: d.storeName })
              : t("completed.contact", { store: d.storeName })}
          </p>
          <a href={telHref(d.tel)} className="btn-secondary mt-2 w-full" data-testid="completed-tel">
            {t("completed.call", { tel: telShown(d.tel, locale) })}
          </a>
        </section>
      ) : null}
      <div className="mt-6 flex flex-col gap-3">
        {d.member ? (
          <FlowExitLink
            to={sitePath(shell, "/mypage/reserves")}
            className="btn-primary w-full"
            testId="completed-mypage"
          >
            {t("completed.toMyPage")}
          </FlowExitLink>
        ) : null}
        {/* In a client's frame the way on is another booking, not the site's own top page. */}
        <Link to={sitePath(shell, shell.embedded ? "/reserve" : "/")} className="btn-secondary w-full">
          {shell.embedded ? t("embed.another") : t("completed.toTop")}
        </Link>
      </div>
    </main>
  );
}
