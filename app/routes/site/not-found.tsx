import { notFound } from "../../lib/site.server";

/** Any unmatched path inside a site: the 404 page inside the site's own layout. */
export function loader(): never {
  notFound();
}

export default function SiteNotFound() {
  return null;
}
