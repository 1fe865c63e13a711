import { Link } from "react-router";
import { useI18n } from "#app/lib/i18n";
import { privateMeta } from "#app/lib/seo";
import { sitePath, useSite } from "#app/lib/site";
import type { Route } from "./+types/password-reset-mail-send";

export const meta: Route.MetaFunction = (args) => privateMeta(args, "pwreset.sent.title");

/** The same answer for every address (spec §4): whether a mail went out is not told. */
export default function PasswordResetMailSend() {
  const shell = useSite();
  const { t } = useI18n();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-md px-4 py-8 outline-none">
      <h1 className="text-2xl font-bold" data-testid="page-title">
        {t("pwreset.sent.title")}
      </h1>
      <section className="card mt-6 flex flex-col gap-3 p-5">
        <p className="text-gray-900" data-testid="sent-lead">
          {t("pwreset.sent.lead")}
        </p>
        <p className="text-gray-800">{t("pwreset.sent.spam")}</p>
        <Link to={sitePath(shell, "/login")} className="btn-secondary w-full" data-testid="back-to-login">
          {t("pwreset.backToLogin")}
        </Link>
      </section>
    </main>
  );
}
