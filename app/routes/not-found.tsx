import { data } from "react-router";
import { ErrorPage } from "../components/route-error-boundary";

/** `/404` in each language, and anything no other route matches. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
