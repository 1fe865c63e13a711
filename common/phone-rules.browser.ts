// The browser's phone-number rules (see phone-rules.ts): fetched on demand, a chunk of their own
// (`phone-metadata`, vite.config.ts).
import type { PhoneRules } from "./phone-rules";
import { RulesPending } from "./rules-pending";

let rules: PhoneRules | null = null;
let loading: Promise<void> | null = null;

/**
 * A chunk that fails to load makes the page reload for a new build (app/lib/chunk-reload.ts). Not
 * this one: the visitor is in the middle of a form, which then goes to the server, keeping what was
 * typed, and is checked there. Browsers that name the failed file say so in the error.
 */
function keepThePage(event: Event) {
  const failure = String((event as Event & { payload?: unknown }).payload ?? "");
  if (!failure.includes("/phone-metadata-")) return;
  event.preventDefault();
  event.stopImmediatePropagation();
}

/** Fetches the rules once; a failed fetch may be tried again. */
export function loadPhoneRules(): Promise<void> {
  if (!loading) {
    // Capturing, so it runs before the page's own listener.
    window.addEventListener("vite:preloadError", keepThePage, { capture: true });
    loading = import("libphonenumber-js/min").then((module: PhoneRules | undefined) => {
      // A failure the listener kept quiet arrives as no module at all.
      if (!module) throw new Error("the phone rules could not be fetched");
      rules = module;
    });
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** The rules, or RulesPending (with the fetch under way) until they are here. */
export function phoneRules(): PhoneRules {
  if (!rules) throw new RulesPending(loadPhoneRules());
  return rules;
}
