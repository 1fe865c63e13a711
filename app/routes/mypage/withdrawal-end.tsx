import { Link } from "react-router";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { sitePath, useSite } from "#app/lib/site";
import type { Route } from "./+types/withdrawal-end";

export const meta: Route.MetaFunction = (args) => privateMeta(args, "withdrawal.endTitle");

/** After withdrawal: the member is already logged out, so this page needs no session. */
export default function WithdrawalEnd() {
  const { t } = useI18n();
  const shell = useSite();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-4 py-10 outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("withdrawal.endTitle")}
      </h1>
      <p className="mt-3">{t("withdrawal.endLead")}</p>
      <Link to={sitePath(shell)} className="btn-primary mt-6 w-full sm:w-auto">
        {t("withdrawal.backHome")}
      </Link>
    </main>
  );
}
