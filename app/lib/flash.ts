import type { MessageKey } from "#app/i18n/messages";
import type { TranslateParams } from "#app/i18n/translate";

/** A one-time message on the next page (spec §8): success, or danger for a refusal. */
export interface Flash {
  kind: "success" | "danger";
  key: MessageKey;
  params?: TranslateParams;
}

/** Whether a flash waits in the cookie (`flash`, or `flash_embed` in the embedded flow), so the page data must be read again. */
export function flashPending(): boolean {
  return typeof document !== "undefined" && /(?:^|;\s*)flash(?:_embed)?=/.test(document.cookie);
}
