import { useEffect } from "react";
import { loadPhoneRules } from "#common/phone";

/**
 * For a form with a phone field: fetches the phone rules (common/phone-rules.browser.ts) once the
 * page is interactive, so that its checks rarely wait for them. A failed fetch is tried again at
 * the submit. Apart from app/lib/forms.ts, whose other forms never load them.
 */
export function usePhoneRules() {
  useEffect(() => {
    loadPhoneRules().catch(() => {});
  }, []);
}
