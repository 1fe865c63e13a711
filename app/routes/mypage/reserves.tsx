import { Link } from "react-router";
import { ReservationCard } from "#app/components/mypage/reservation-card";
import { requireUser } from "#app/lib/guards.server";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { sitePath, useSite } from "#app/lib/site";
import { getSite, services } from "#app/lib/site.server";
import { reservationView } from "#app/presenters/reservation.server";
import { listMemberReservations } from "#server/mypage/reservations";
import type { Route } from "./+types/reserves";

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = await requireUser(context, request);
  const { siteId, locale } = getSite(context);
  const now = new Date();
  const rows = await listMemberReservations(services(context).db, siteId, member.id, now);
  const views = rows.map((row) => reservationView(row, locale, now));
  const current = (s: string) => s === "upcoming" || s === "in_progress";
  return { current: views.filter((v) => current(v.status)), past: views.filter((v) => !current(v.status)) };
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "reserves.title");

export default function Reserves({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const shell = useSite();
  const { current, past } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("reserves.title")}
      </h1>
      {current.length + past.length === 0 ? (
        <div className="card mt-4 p-5" data-testid="reservations-empty">
          <p>{t("reserves.empty")}</p>
          <Link to={sitePath(shell, "/reserve")} className="btn-primary mt-4 w-full sm:w-auto">
            {t("home.book")}
          </Link>
        </div>
      ) : null}
      {current.length ? (
        <section className="mt-4" aria-labelledby="reserves-current">
          <h2 id="reserves-current" className="mb-2 text-lg font-bold">
            {t("reserves.upcomingHeading")}
          </h2>
          <ul className="flex flex-col gap-3" data-testid="reservations-current">
            {current.map((r) => (
              <li key={r.id}>
                <ReservationCard reservation={r} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {past.length ? (
        <section className="mt-6" aria-labelledby="reserves-past">
          <h2 id="reserves-past" className="mb-2 text-lg font-bold">
            {t("reserves.pastHeading")}
          </h2>
          <ul className="flex flex-col gap-3" data-testid="reservations-past">
            {past.map((r) => (
              <li key={r.id}>
                <ReservationCard reservation={r} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
