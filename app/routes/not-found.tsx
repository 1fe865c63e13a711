import { data } from "react-router";
import { ErrorPage } from "../components/error-page";

/** `/404` in each language, and anything no other route matches. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
