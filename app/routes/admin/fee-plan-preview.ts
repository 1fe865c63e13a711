import type { PreviewAnswer } from "#app/components/admin/fee-plan-preview";
import { requireStaffAccess } from "#app/lib/admin.server";
import { formObject, issuesToErrors } from "#app/lib/forms";
import { AppError, notFoundError } from "#server/errors";
import { FeePlanPreviewSchema } from "#server/prices/fee-plan.schema";
import { previewFeePlan } from "#server/prices/fee-plans";
import type { Route } from "./+types/fee-plan-preview";

/**
 * `POST /fee-plans/preview` (CSRF-checked as every POST): the live price preview of the fee plan form.
 * It reads the form's fields with the form's own schema and answers JSON, the figures or the
 * messages by field (422); a resource route, so no page's data is loaded again at each keystroke.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { actor, siteId, db } = requireStaffAccess(context, request);
  const parsed = FeePlanPreviewSchema.safeParse(formObject(await request.formData()));
  if (!parsed.success) return answer({ preview: null, errors: issuesToErrors(parsed.error.issues) }, 422);
  try {
    return answer({
      preview: await previewFeePlan(db, siteId, actor, parsed.data),
      errors: {},
    });
  } catch (error) {
    if (error instanceof AppError && error.details.fieldErrors) {
      return answer({ preview: null, errors: error.details.fieldErrors }, 422);
    }
    throw error;
  }
}

const answer = (body: PreviewAnswer, status = 200) => Response.json(body, { status });

/** Nothing to read here. */
export function loader(): never {
  throw notFoundError();
}
