import { SummaryAction } from "#app/components/admin/reservation-summary";
import { useAdminI18n } from "#app/lib/admin";
import type { ReservationData as Data } from "./data";

/** The summary's actions: only those the booking's state allows (none on a cancelled booking). */
export function StateActions({ data: d, here }: { data: Data; here: string }) {
  const { t } = useAdminI18n();
  if (d.stage === "cancelled") return <p className="text-sm text-gray-700">{t("admin.resPage.noActionCancelled")}</p>;
  if (!d.canWork) return <p className="text-sm text-gray-700">{t("admin.resPage.noActionReadOnly")}</p>;
  if (d.stage === "booked")
    return (
      <>
        {d.vehicle ? null : (
          <SummaryAction to="#assign" testId="action-assign">
            {t("admin.resPage.toAssign")}
          </SummaryAction>
        )}
        <SummaryAction to="#departure" primary testId="action-departure">
          {t("admin.resPage.toDeparture")}
        </SummaryAction>
        <SummaryAction to={`${here}/change`} testId="action-change">
          {t("admin.change.open")}
        </SummaryAction>
        {d.cancel ? (
          <SummaryAction to="#cancel" testId="action-cancel">
            {t("admin.resPage.toCancel")}
          </SummaryAction>
        ) : null}
      </>
    );
  if (d.stage === "in_use")
    return (
      <SummaryAction to={`${here}/return`} primary testId="action-return">
        {t("admin.resPage.toReturn")}
      </SummaryAction>
    );
  return (
    <>
      <p className="text-sm text-gray-700">{t("admin.resPage.noActionReturned")}</p>
      <SummaryAction to={`${here}/return`} testId="action-settlement">
        {t("admin.resPage.toSettlement")}
      </SummaryAction>
    </>
  );
}
