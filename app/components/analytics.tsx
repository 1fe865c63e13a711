import { useRouteLoaderData } from "react-router";
import { useShell } from "../lib/shell";
import type { loader as rootLoader } from "../root";

const SAFE_ID = /^[A-Za-z0-9-]{1,40}$/;

/**
 * The platform's own analytics id on every page, plus the client's analytics and
 * tag-manager ids when the site has them (spec §2). Ids are checked before they reach a script.
 */
export function Analytics() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const shell = useShell();
  const productId = root?.productAnalyticsId;
  if (!productId || !SAFE_ID.test(productId)) return null;
  const gaIds = [productId, shell?.tracking.gaTrackingCode].filter(
    (id): id is string => typeof id === "string" && SAFE_ID.test(id),
  );
  const gtm = shell?.tracking.gtmContainerId;
  const config = gaIds.map((id) => `gtag('config',${JSON.stringify(id)});`).join("");
  return (
    <>
      <script async src={`https://www.googletagmanager.com/gtag/js?id=${productId}`} data-analytics="product" />
      <script
        // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed snippet; ids match SAFE_ID
        dangerouslySetInnerHTML={{
          __html: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());${config}`,
        }}
        data-analytics-ids={gaIds.join(",")}
      />
      {gtm && SAFE_ID.test(gtm) ? (
        <script
          // biome-ignore lint/security/noDangerouslySetInnerHtml: Google Tag Manager loader; id matches SAFE_ID
          dangerouslySetInnerHTML={{
            __html: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${JSON.stringify(gtm)});`,
          }}
          data-gtm-id={gtm}
        />
      ) : null}
    </>
  );
}
