import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root";

// The same names as server/http/csrf.ts, which browser code may not import.
const CSRF_FIELD = "_csrf";
export const CSRF_HEADER = "X-CSRF-Token";

/** This page's CSRF token (from the root loader), for fetch callers: send it in `X-CSRF-Token`. */
export function useCsrfToken(): string | undefined {
  return useRouteLoaderData<typeof rootLoader>("root")?.csrfToken;
}

/** Every POST form includes this first, so the server finds it without reading the whole body. */
export function CsrfField() {
  const token = useCsrfToken();
  return token ? <input type="hidden" name={CSRF_FIELD} value={token} /> : null;
}
