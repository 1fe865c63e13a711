import { authorize } from "../../../server/staff/permissions";
import { actorOf, requireStaff } from "../../lib/admin.server";
import type { Route } from "./+types/webhooks";

/** Issue 25: being built (decision 033). */
export async function loader({ context, request }: Route.LoaderArgs) {
  authorize(actorOf(requireStaff(context, request)), "integrations.manage");
  return null;
}

export default function Page() {
  return null;
}
