import type { PreviewAnswer } from "#app/components/admin/fee-plan-preview";
import type { services } from "#app/lib/site.server";
import type { ReasonLike } from "#common/app-error";
import { AppError } from "#server/errors";
import { FeePlanPreviewSchema } from "#server/prices/fee-plan.schema";
import { previewFeePlan } from "#server/prices/fee-plans";
import type { Actor } from "#server/staff/permissions";

type Db = ReturnType<typeof services>["db"];

/** The preview of a form's values, or why there is none (by field). */
export async function previewOf(
  db: Db,
  siteId: string,
  actor: Actor,
  values: Record<string, unknown>,
): Promise<PreviewAnswer> {
  const parsed = FeePlanPreviewSchema.safeParse(values);
  if (!parsed.success) return { preview: null, errors: {} };
  try {
    return { preview: await previewFeePlan(db, siteId, actor, parsed.data), errors: {} };
  } catch (error) {
    if (error instanceof AppError && error.details.fieldErrors) {
      return { preview: null, errors: error.details.fieldErrors as Record<string, ReasonLike> };
    }
    throw error;
  }
}
