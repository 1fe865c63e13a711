import { Link } from "react-router";
import { AdminPageHeader } from "#app/components/admin/page";
import { useAdminI18n, useAdminPath } from "#app/lib/admin";
import { formatIsoDate } from "#common/format";

/** The heading, with the date a copy starts from and, on a saved plan, the way to copy it. */
export function FeePlanHeader({
  title,
  feePlanId,
  copiedFrom,
  editable,
}: {
  title: string;
  feePlanId: number | null;
  copiedFrom: string | null;
  editable: boolean;
}) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  return (
    <AdminPageHeader
      title={title}
      back={path("/fee-plans")}
      lead={copiedFrom ? t("admin.feePlans.copyLead", { date: formatIsoDate(copiedFrom) }) : undefined}
      actions={
        feePlanId !== null && editable ? (
          <Link to={path(`/fee-plans/new?copy=${feePlanId}`)} className="btn-secondary" data-testid="copy-fee-plan">
            {t("admin.feePlans.copy")}
          </Link>
        ) : null
      }
    />
  );
}
