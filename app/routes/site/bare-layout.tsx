import { useEffect, useRef, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { FlashMessage } from "#app/components/flash-message";
import { LoadingOverlay } from "#app/components/loading-overlay";
import { cookiesKept, EmbedStorageProvider, NewTabLink, parentOrigin, postToParent } from "#app/lib/embed";
import { useI18n } from "#app/lib/i18n";
import { useSite } from "#app/lib/site";
import { fullSitePath } from "#common/embedding";
import { requestContext } from "#server/http/context";
import type { Route } from "./+types/bare-layout";

/** The embedded flow's pages are rendered for each request, never kept (decision 036). */
export const handle = { publicCache: false };

/** Whether the server saw the browser drop the cookie the previous embedded page set (csrf.ts). */
export function loader({ context }: Route.LoaderArgs) {
  return { refusedStorage: context.get(requestContext).embed.refusedStorage };
}

/**
 * Content only, for the embedded flow a client frames in its own site (decision 025): no header,
 * footer or jump-to-top. It tells the framing page its height and each new step, and says so
 * plainly when the browser keeps no cookies here, with the way on in a new tab.
 */
export default function BareLayout({ loaderData }: Route.ComponentProps) {
  const shell = useSite();
  const location = useLocation();
  const root = useRef<HTMLDivElement>(null);
  const [probeRefused, setProbeRefused] = useState(false);
  const refused = loaderData.refusedStorage || probeRefused;

  useEffect(() => setProbeRefused(!cookiesKept()), []);

  const origin = useRef<string | null>(null);
  useEffect(() => {
    origin.current = parentOrigin(shell.embedOrigins);
    const element = root.current;
    if (!origin.current || !element) return;
    const target = origin.current;
    const observer = new ResizeObserver(() =>
      postToParent(target, { type: "height", height: Math.ceil(element.getBoundingClientRect().height) }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shell.embedOrigins]);

  // A new step: the framing page brings the frame's top into view.
  useEffect(() => {
    if (origin.current) postToParent(origin.current, { type: "page", path: location.pathname });
  }, [location.pathname]);

  return (
    <EmbedStorageProvider value={refused}>
      <div ref={root} className="flow-root bg-white" data-embedded>
        {refused ? <StorageRefused href={fullSitePath(`${location.pathname}${location.search}`)} /> : null}
        <FlashMessage />
        <Outlet />
        <LoadingOverlay />
      </div>
    </EmbedStorageProvider>
  );
}

/** The browser keeps no cookies in this frame: the booking goes on in a new tab on the site itself. */
function StorageRefused({ href }: { href: string }) {
  const { t } = useI18n();
  return (
    <section
      role="alert"
      aria-labelledby="storage-refused-title"
      className="mx-3 mt-3 rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950 sm:mx-auto sm:max-w-3xl"
      data-testid="embed-storage-refused"
    >
      <h2 id="storage-refused-title" className="font-bold">
        {t("embed.storage.title")}
      </h2>
      <p className="mt-1 text-sm">{t("embed.storage.body")}</p>
      <p className="mt-1 text-sm">{t("embed.storage.kept")}</p>
      <NewTabLink href={href} className="btn-primary mt-3 w-full sm:w-auto" testId="embed-continue-new-tab">
        {t("embed.storage.continue")}
      </NewTabLink>
    </section>
  );
}
