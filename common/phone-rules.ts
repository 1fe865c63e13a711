// The phone-number rules (libphonenumber's small "min" metadata) as the server, the scripts and
// the tests hold them. A browser build resolves "#phone-rules" to phone-rules.browser.ts instead
// (package.json "imports"), which has none: the server judges a number (decision 055).
import * as rules from "libphonenumber-js/min";

export type PhoneRules = typeof rules;

/** The rules; null only in the browser's module. */
export const phoneRules = (): PhoneRules | null => rules;
