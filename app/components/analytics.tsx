import { useMatches, useRouteLoaderData } from "react-router";
import { shellFromMatches } from "#app/lib/site";
import type { loader as rootLoader } from "#app/root";
import { isTrackingId } from "#common/tracking";

/** A route's `handle` may turn the analytics and tag-manager scripts off (the card pages do). */
export interface AnalyticsHandle {
  analytics?: false;
}

export function analyticsOff(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((m) => (m.handle as AnalyticsHandle | undefined)?.analytics === false);
}

/**
 * The platform's own analytics id on every page, plus the client's analytics and
 * tag-manager ids when the site has them (spec §2). Ids are checked before they reach a script.
 */
export function Analytics({ nonce }: { nonce?: string }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const matches = useMatches();
  const shell = shellFromMatches(matches);
  const productId = root?.productAnalyticsId;
  if (!productId || !isTrackingId(productId) || analyticsOff(matches)) return null;
  const gaIds = [productId, shell?.tracking.gaTrackingCode].filter(
    (id): id is string => typeof id === "string" && isTrackingId(id),
  );
  const gtm = shell?.tracking.gtmContainerId;
  const config = gaIds.map((id) => `gtag('config',${JSON.stringify(id)});`).join("");
  return (
    <>
      <script
        async
        nonce={nonce}
        src={`https://www.googletagmanager.com/gtag/js?id=${productId}`}
        data-analytics="product"
      />
      <script
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed snippet; ids pass isTrackingId
        dangerouslySetInnerHTML={{
          __html: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());${config}`,
        }}
        data-analytics-ids={gaIds.join(",")}
      />
      {gtm && isTrackingId(gtm) ? (
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: Google Tag Manager loader; id passes isTrackingId
          dangerouslySetInnerHTML={{
            __html: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${JSON.stringify(gtm)});`,
          }}
          data-gtm-id={gtm}
        />
      ) : null}
    </>
  );
}
