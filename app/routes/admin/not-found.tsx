import { notFoundError } from "#server/errors";

/** Any other path under the back office: its 404, inside the frame, for those signed in. */
export function loader(): never {
  throw notFoundError();
}

export default function AdminNotFound() {
  return null;
}
