// The browser's phone-number rules (see phone-rules.ts): fetched on demand, a chunk of their own
// (`phone-metadata`, vite.config.ts).
import type { PhoneRules } from "./phone-rules";
import { rulesOnDemand } from "./rules-on-demand";

const rules = rulesOnDemand<PhoneRules>(() => import("libphonenumber-js/min"));

/** Fetches the rules once; a failed fetch may be tried again. */
export const loadPhoneRules = rules.load;

/** The rules, or RulesPending (with the fetch under way) until they are here. */
export const phoneRules = rules.get;
