import { Form, NavLink, Outlet } from "react-router";
import { CsrfField } from "#app/components/csrf-field";
import type { MessageKey } from "#app/i18n/messages";
import { requireUser, requireUserMiddleware } from "#app/lib/guards.server";
import { useI18n } from "#app/lib/i18n";
import { sitePath, useSite } from "#app/lib/site";
import type { Route } from "./+types/layout";

/** Every My Page screen requires a member; a visitor goes to the login page that returns here (spec §4). */
export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

export async function loader({ context, request }: Route.LoaderArgs) {
  const member = await requireUser(context, request);
  return { member: { name: member.name, company: member.company, userType: member.userType } };
}

/**
 * `document`: opened as a new document, not by client-side navigation, so that the card page runs
 * in a page that never loaded analytics or the tag manager (spec §9) and gets its own policy.
 */
export const MYPAGE_LINKS: readonly { path: string; label: MessageKey; testId: string; document?: true }[] = [
  { path: "/mypage", label: "mypage.nav.home", testId: "mypage-nav-home" },
  { path: "/mypage/reserves", label: "mypage.nav.reserves", testId: "mypage-nav-reserves" },
  { path: "/mypage/driver/driver_list", label: "mypage.nav.drivers", testId: "mypage-nav-drivers" },
  { path: "/mypage/user/credit_card", label: "mypage.nav.card", testId: "mypage-nav-card", document: true },
  { path: "/mypage/user/update", label: "mypage.nav.profile", testId: "mypage-nav-profile" },
  { path: "/mypage/password-update", label: "mypage.nav.password", testId: "mypage-nav-password" },
  { path: "/mypage/user/withdrawal", label: "mypage.nav.withdrawal", testId: "mypage-nav-withdrawal" },
];

/** My Page: the member's screens beside one menu (a row of tabs on a phone, a column on a desk). */
export default function MyPageLayout({ loaderData }: Route.ComponentProps) {
  const shell = useSite();
  const { t } = useI18n();
  const { member } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:grid md:grid-cols-[14rem_1fr] md:gap-8">
      <nav aria-label={t("mypage.nav")} className="mb-4 md:mb-0" data-testid="mypage-nav">
        <p className="mb-2 text-sm text-gray-700" data-testid="mypage-member">
          {member.userType === 2 && member.company ? `${member.company} ` : ""}
          {member.name}
        </p>
        <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 md:mx-0 md:flex-col md:overflow-visible md:px-0">
          {MYPAGE_LINKS.map((link) => (
            <li key={link.path} className="shrink-0">
              <NavLink
                to={sitePath(shell, link.path)}
                reloadDocument={link.document}
                end
                className={({ isActive }) =>
                  `flex min-h-11 items-center rounded-lg border px-3 text-sm font-semibold ${
                    isActive ? "border-gray-900 bg-gray-900 text-white" : "border-gray-300 bg-white text-gray-900"
                  }`
                }
                data-testid={link.testId}
              >
                {t(link.label)}
              </NavLink>
            </li>
          ))}
          <li className="shrink-0">
            <Form method="post" action={sitePath(shell, "/logout")}>
              <CsrfField />
              <button
                type="submit"
                className="flex min-h-11 w-full items-center rounded-lg border border-gray-300 bg-white px-3 text-sm font-semibold text-gray-900"
                data-testid="logout"
              >
                {t("logout.submit")}
              </button>
            </Form>
          </li>
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
