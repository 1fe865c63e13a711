import type { StaffCancelView } from "#app/components/admin/cancel-section";
import { ruleLines } from "#app/components/reservation/cancel-rule";
import { formatDateTime } from "#common/format";
import { type CancellationPreview, tokenFields } from "#server/counter/cancellation-preview";

/** A cancellation's confirmation as the counter reads it (issue 37), times in the store's zone. */
export function staffCancelView(preview: CancellationPreview, timeZone: string): StaffCancelView {
  return {
    proposedFee: preview.proposed.fee,
    percent: preview.proposed.percent,
    daysBefore: preview.proposed.daysBefore,
    total: preview.total,
    paidByCard: preview.paidByCard,
    cardBalance: preview.cardBalance,
    refund: preview.refund,
    rule: ruleLines(preview.rule.steps),
    onlineDeadline: preview.onlineDeadline ? formatDateTime(preview.onlineDeadline, timeZone) : null,
    token: tokenFields(preview.token),
  };
}
