import { notFoundError } from "../../../server/errors";

// Placeholder while the step is being built (issue 9).
export function loader(): never {
  throw notFoundError();
}

export default function Placeholder() {
  return null;
}
