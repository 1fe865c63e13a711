import { useState } from "react";
import { useLocation } from "react-router";
import type { Flash } from "#app/lib/flash";
import { useI18n } from "#app/lib/i18n";
import { useFlash } from "#app/lib/site";

/** The one-time success or danger message left by the previous step (spec §8). */
export function FlashMessage() {
  const flash = useFlash();
  const { t } = useI18n();
  // Closing hides this flash only; the next one shows again.
  const [closed, setClosed] = useState<Flash | null>(null);
  // A flash belongs to the page it was left for: moving on to another page hides it, even when
  // the site data (which carries it) is not read again.
  const { key } = useLocation();
  const [shown, setShown] = useState({ flash, key });
  if (shown.flash !== flash) setShown({ flash, key });
  const movedOn = shown.flash === flash && shown.key !== key;
  if (!flash || closed === flash || movedOn) return null;
  const danger = flash.kind === "danger";
  return (
    <div
      role={danger ? "alert" : "status"}
      className={`mx-auto mt-4 flex w-full max-w-6xl items-start justify-between gap-3 rounded-md border px-4 py-3 font-semibold ${
        danger ? "border-red-300 bg-red-50 text-red-900" : "border-green-300 bg-green-50 text-green-900"
      }`}
      data-testid="flash"
      data-kind={flash.kind}
    >
      <p>{t(flash.key, flash.params)}</p>
      <button
        type="button"
        onClick={() => setClosed(flash)}
        className="-my-1 min-h-11 min-w-11 rounded px-2 underline"
        aria-label={t("flash.dismiss")}
      >
        ×
      </button>
    </div>
  );
}
