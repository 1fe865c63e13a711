import { notFoundError } from "#server/errors";

/** Any unmatched path inside a site: the 404 page inside the site's own layout. */
export function loader(): never {
  throw notFoundError();
}

export default function SiteNotFound() {
  return null;
}
