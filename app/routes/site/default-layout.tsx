import { Outlet } from "react-router";
import { BrowserAlert } from "../../components/browser-alert";
import { FlashMessage } from "../../components/flash-message";
import { JumpToTop } from "../../components/jump-to-top";
import { LoadingOverlay } from "../../components/loading-overlay";
import { SiteFooter } from "../../components/site-footer";
import { SiteHeader } from "../../components/site-header";
import { useSite } from "../../lib/site";

/** Header, footer, jump-to-top and the unsupported-browser alert (spec §2). */
export default function DefaultLayout() {
  const shell = useSite();
  return (
    <div id="top" className="flex min-h-screen flex-col">
      <BrowserAlert />
      <SiteHeader shell={shell} />
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
