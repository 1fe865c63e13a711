import { Outlet } from "react-router";
import { BrowserAlert } from "#app/components/browser-alert";
import { FlashMessage } from "#app/components/flash-message";
import { JumpToTop } from "#app/components/jump-to-top";
import { LoadingOverlay } from "#app/components/loading-overlay";
import { SiteFooter } from "#app/components/site-footer";
import { SiteHeader } from "#app/components/site-header";
import { getSession, isTopPage } from "#app/lib/session.server";
import { useSite } from "#app/lib/site";
import type { Route } from "./+types/default-layout";

/**
 * Whether the header offers My Page or Log in. Re-read on every navigation (the member may have
 * logged out elsewhere); on the top page the session cookie alone decides (spec §4: no refresh there).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const session = getSession(context);
  return { signedIn: isTopPage(request) ? session.hasCookie : (await session.member()) !== null };
}

/** Header, footer, jump-to-top and the unsupported-browser alert (spec §2). */
export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  const shell = useSite();
  return (
    <div id="top" className="flex min-h-screen flex-col">
      <BrowserAlert />
      <SiteHeader shell={shell} signedIn={loaderData.signedIn} />
      <FlashMessage />
      <div className="flex-1">
        <Outlet />
      </div>
      {shell.features.footer ? <SiteFooter shell={shell} /> : null}
      <JumpToTop />
      <LoadingOverlay />
    </div>
  );
}
