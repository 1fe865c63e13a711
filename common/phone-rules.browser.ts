// The browser has no phone-number rules (decision 055): libphonenumber's metadata (35 KB of
// Brotli) would be a fifth of a form's page. A number that passes phone.ts's own check is left to
// the server, which reads it with the rules and answers next to the field.
import type { PhoneRules } from "./phone-rules";

/** None here: see phone-rules.ts for the server's. */
export const phoneRules = (): PhoneRules | null => null;
