import type { Locale } from "../../common/locales";

/** The API reference page (decision 033); rendered from the document. */
export function referencePage(_locale: Locale, _requestId: string): Response {
  return new Response("reference", { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
