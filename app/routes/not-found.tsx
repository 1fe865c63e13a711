import { data } from "react-router";
import { ErrorPage, errorPageMeta } from "#app/components/route-error-boundary";
import type { Route } from "./+types/not-found";

/** `/404` in each language, and anything no other route matches. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => errorPageMeta(matches, 404);

export default function NotFound() {
  return <ErrorPage status={404} />;
}
