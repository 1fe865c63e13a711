// The phone-number rules (libphonenumber's small "min" metadata, 31 KB gzip) as the server, the
// scripts and the tests hold them: loaded with this module. A browser build resolves "#phone-rules"
// to phone-rules.browser.ts instead (package.json "imports"), which fetches them when a form first
// needs them, so pages that only show numbers never carry them.
import * as rules from "libphonenumber-js/min";

export type PhoneRules = typeof rules;

/** The rules, here from the start. */
export const phoneRules = (): PhoneRules => rules;

/** Resolves once the rules are here: at once. */
export const loadPhoneRules = (): Promise<void> => Promise.resolve();
