import { adminLocaleOf, requireStaffAccess } from "#app/lib/admin.server";
import { phoneQuoteAnswer } from "#app/presenters/phone-booking.server";
import { notFoundError } from "#server/errors";
import type { Route } from "./+types/reservation-new-quote";

/**
 * `POST /reservations/new/quote` (CSRF-checked as every POST): the phone booking form's live total.
 * It reads the form's car, period, options and waiver and answers JSON, the quote or the messages by
 * field (422); a resource route, so no page's data is loaded again at each change. The page's own
 * "recalculate" button gives the same quote without JavaScript.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { actor, siteId, bundle, db } = requireStaffAccess(context, request);
  const answer = await phoneQuoteAnswer(
    db,
    siteId,
    actor,
    await request.formData(),
    bundle,
    adminLocaleOf(context) ?? "ja",
  );
  return Response.json(answer, { status: answer.quote ? 200 : 422 });
}

/** Nothing to read here. */
export function loader(): never {
  throw notFoundError();
}
