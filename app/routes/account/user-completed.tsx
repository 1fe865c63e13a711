import { Link } from "react-router";
import { RegistrationSteps } from "#app/components/form/member-fields";
import { useI18n } from "#app/lib/i18n";
import { getReserveSession } from "#app/lib/reserve-session.server";
import { privateMeta } from "#app/lib/seo";
import { sitePath, useSite } from "#app/lib/site";
import type { Route } from "./+types/user-completed";

/** A booking left for the registration (from `/reserve/login`) goes on from here. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = await getReserveSession(context);
  return { booking: Boolean(session && !session.completed) };
}

export const meta: Route.MetaFunction = (args) => privateMeta(args, "member.completed.title");

/**
 * Registration done: the new member is signed in; My Page and the search are one tap away, and a
 * booking in progress comes first.
 */
export default function UserCompleted({ loaderData }: Route.ComponentProps) {
  const shell = useSite();
  const { t } = useI18n();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-4 py-8 outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("member.completed.title")}
      </h1>
      <RegistrationSteps current={2} />
      <section className="card mt-6 flex flex-col gap-4 p-5">
        <p className="text-gray-900">{t("member.completed.lead")}</p>
        {loaderData.booking ? (
          <>
            <p className="text-gray-900">{t("booking.continueLead")}</p>
            <Link
              to={sitePath(shell, "/reserve/user")}
              className="btn-primary w-full"
              data-testid="completed-continue-booking"
            >
              {t("booking.continue")}
            </Link>
          </>
        ) : null}
        <Link
          to={sitePath(shell, "/mypage")}
          className={`${loaderData.booking ? "btn-secondary" : "btn-primary"} w-full`}
          data-testid="completed-mypage"
        >
          {t("member.completed.mypage")}
        </Link>
        <Link to={sitePath(shell, "/reserve")} className="btn-secondary w-full" data-testid="completed-search">
          {t("member.completed.search")}
        </Link>
      </section>
    </main>
  );
}
