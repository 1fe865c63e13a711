import { outboxForDeveloper } from "#app/lib/dev-mail.server";
import type { Route } from "./+types/dev-mail-json";

/** The outbox as JSON, for the browser tests that follow links in mails (same rules as the page). */
export async function loader({ context, request }: Route.LoaderArgs) {
  return Response.json({ mails: (await outboxForDeveloper(context, request)).mails });
}
