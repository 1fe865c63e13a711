import { isLocalePrefix } from "#common/locales";

/**
 * `/EN/sakura?x=1` → `/en/sakura?x=1`: a language prefix in the wrong case would otherwise be read
 * as a site id and answer in Japanese. Null when the path needs no redirect.
 */
export function prefixCaseRedirect(pathname: string, search: string): string | null {
  const slash = pathname.indexOf("/", 1);
  const first = slash < 0 ? pathname.slice(1) : pathname.slice(1, slash);
  const lower = first.toLowerCase();
  if (first === lower || !isLocalePrefix(lower)) return null;
  return `/${lower}${slash < 0 ? "" : pathname.slice(slash)}${search}`;
}
