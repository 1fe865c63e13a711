import * as z from "zod/mini";
import { formText } from "#server/auth/fields.schema";
import { requiredField, toHalfWidth } from "#server/staff/admin-fields.schema";

/**
 * A JSON API key as the back office makes it (issue 25, decision 033), client-safe: the same schema
 * checks the form in the browser and in the action. Messages are reason codes
 * (`admin.reason.<code>` in the back office's catalogues).
 */

/**
 * What a key may do: read the catalogue (site, stores, car types, availability); read reservations;
 * make, change and cancel them (the API for programs, issue 42). `bookings` is the site API's
 * (§7) older scope: it grants both reservation scopes, and `reservations:write` grants it.
 */
export const API_SCOPES = ["catalog:read", "reservations:read", "reservations:write", "bookings"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The scopes a key's own scopes also grant. */
const IMPLIED: Partial<Record<ApiScope, readonly ApiScope[]>> = {
  bookings: ["reservations:read", "reservations:write"],
  "reservations:write": ["bookings"],
};

/** Whether a key with `scopes` may call what needs `needed`. */
export const keyHasScope = (scopes: readonly ApiScope[], needed: ApiScope): boolean =>
  scopes.some((s) => s === needed || (IMPLIED[s] ?? []).includes(needed));

export const API_KEY_NAME_MAX = 60;
export const API_RATE_LIMIT_MIN = 1;
export const API_RATE_LIMIT_MAX = 10_000;
export const API_RATE_LIMIT_DEFAULT = 120;

/** The scope checkboxes arrive as a list (`handleForm(…, { lists: API_KEY_LISTS })`). */
export const API_KEY_LISTS = ["scopes"] as const;

const isScope = (value: string): value is ApiScope => (API_SCOPES as readonly string[]).includes(value);

/** At least one known scope, each once, in the order of API_SCOPES (so the same choice compares equal). */
const scopesField = z.pipe(
  z._default(z.union([z.string(), z.array(z.string())]), []),
  z.transform((value, ctx): ApiScope[] => {
    const sent = new Set(Array.isArray(value) ? value : [value]);
    const scopes = API_SCOPES.filter((s) => sent.has(s));
    // A value that names no scope is a forged form: refused like an empty choice rather than dropped,
    // so a key never gets fewer rights than its maker asked for without being told.
    if (!scopes.length || [...sent].some((s) => s !== "" && !isScope(s))) {
      ctx.issues.push({ code: "custom", message: "api_scopes_required", input: value });
    }
    return scopes;
  }),
);

/** Requests per minute: a whole number in range; left empty, the default. */
const rateLimitField = z.pipe(
  formText,
  z.transform((raw, ctx) => {
    const value = toHalfWidth(raw).replace(/[,，]/g, "");
    if (value === "") return API_RATE_LIMIT_DEFAULT;
    if (!/^-?\d{1,9}$/.test(value)) {
      ctx.issues.push({ code: "custom", message: "number_invalid", input: raw });
      return API_RATE_LIMIT_DEFAULT;
    }
    const n = Number(value);
    if (n < API_RATE_LIMIT_MIN || n > API_RATE_LIMIT_MAX) {
      ctx.issues.push({
        code: "custom",
        message: "number_range",
        input: raw,
        params: { min: API_RATE_LIMIT_MIN, max: API_RATE_LIMIT_MAX },
      });
    }
    return n;
  }),
);

export const ApiKeySchema = z.pipe(
  z.object({
    name: requiredField(API_KEY_NAME_MAX),
    scopes: scopesField,
    rate_limit: rateLimitField,
  }),
  z.transform((v) => ({ name: v.name, scopes: v.scopes, rateLimit: v.rate_limit })),
);
export type ApiKeyInput = z.infer<typeof ApiKeySchema>;
