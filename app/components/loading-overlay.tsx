import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useI18n } from "#app/lib/i18n";

/** Shown only when a navigation has taken longer than 200 ms (spec §9), so fast pages never flash. */
export const LOADING_DELAY_MS = 200;

export function LoadingOverlay() {
  const { t } = useI18n();
  const busy = useNavigation().state !== "idle";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!shown) return null;
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-white/60"
      role="status"
      data-testid="loading-overlay"
    >
      <span
        className="h-10 w-10 motion-safe:animate-spin rounded-full border-4 border-gray-300 border-t-gray-800"
        aria-hidden="true"
      />
      <span className="sr-only">{t("loading.label")}</span>
    </div>
  );
}
