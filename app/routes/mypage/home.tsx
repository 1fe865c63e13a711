import { Link } from "react-router";
import { ReservationCard } from "#app/components/mypage/reservation-card";
import { requireUser } from "#app/lib/guards.server";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { sitePath, useSite } from "#app/lib/site";
import { getSite, services } from "#app/lib/site.server";
import { reservationView } from "#app/presenters/reservation.server";
import { listMemberReservations } from "#server/mypage/reservations";
import type { Route } from "./+types/home";
import { MYPAGE_LINKS } from "./layout";

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = await requireUser(context, request);
  const { siteId, locale } = getSite(context);
  const now = new Date();
  // The list puts coming reservations first, soonest first.
  const [next] = await listMemberReservations(services(context).db, siteId, member.id, now);
  const view = next ? reservationView(next, locale, now) : null;
  const coming = view && (view.status === "upcoming" || view.status === "in_progress") ? view : null;
  return { name: member.userType === 2 && member.company ? member.company : member.name, next: coming };
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "mypage.title");

/** My Page home: the next reservation, then every section as a large target. */
export default function MyPageHome({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const shell = useSite();
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("mypage.title")}
      </h1>
      <p className="mt-1 text-gray-800" data-testid="mypage-greeting">
        {t("home.greeting", { name: loaderData.name })}
      </p>
      <section className="mt-4" aria-labelledby="next-reservation">
        <h2 id="next-reservation" className="mb-2 text-lg font-bold">
          {t("home.nextReservation")}
        </h2>
        {loaderData.next ? (
          <ReservationCard reservation={loaderData.next} />
        ) : (
          <div className="card p-4">
            <p>{t("home.noReservation")}</p>
          </div>
        )}
        <Link to={sitePath(shell, "/reserve")} className="btn-primary mt-3 w-full" data-testid="mypage-book">
          {t("home.book")}
        </Link>
      </section>
      <section className="mt-6" aria-labelledby="mypage-menu">
        <h2 id="mypage-menu" className="mb-2 text-lg font-bold">
          {t("home.menu")}
        </h2>
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {MYPAGE_LINKS.slice(1).map((link) => (
            <li key={link.path}>
              <Link
                to={sitePath(shell, link.path)}
                reloadDocument={link.document}
                className="card flex min-h-14 items-center justify-between px-4 font-semibold"
                data-testid={`home-${link.testId}`}
              >
                {t(link.label)}
                <span aria-hidden="true">›</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
