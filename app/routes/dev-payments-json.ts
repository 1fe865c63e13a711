import { simulatorLogForDeveloper } from "#app/lib/dev-payments.server";
import type { Route } from "./+types/dev-payments-json";

/** The payment simulator's log as JSON, for the browser tests (same rules as the mail outbox). */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json({ log: simulatorLogForDeveloper(context) });
}
