import { useRouteLoaderData } from "react-router";
import { useI18n } from "#app/lib/i18n";
import type { loader as rootLoader } from "#app/root";

export function BrowserAlert() {
  const { t } = useI18n();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root || root.supportedBrowser) return null;
  return (
    <div
      role="alert"
      className="bg-yellow-100 px-4 py-2 text-center text-sm text-yellow-950"
      data-testid="unsupported-browser"
    >
      {t("browser.unsupported")}
    </div>
  );
}
