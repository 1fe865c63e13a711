import { useAdminI18n, useAdminPath } from "#app/lib/admin";
import { AdminSection } from "./page";

/**
 * A booking's paperwork (issue 41): the rental certificate (貸渡証) the driver carries and the check
 * sheet to fill in at the car, as PDFs in the staff member's language. A cancelled booking has none.
 * The server checks the staff member's right to the booking again.
 */
export function PaperworkLinks({
  reservation,
}: {
  reservation: { reserveNo: string; status: string; vehicleId: number | null };
}) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  if (reservation.status !== "confirmed") return null;
  const base = path(`/reservations/${encodeURIComponent(reservation.reserveNo)}`);
  return (
    <div className="mt-4">
      <AdminSection title={t("admin.paperwork.title")} testId="paperwork" id="paperwork">
        <p className="flex flex-wrap gap-2">
          <a className="btn-secondary" href={`${base}/certificate.pdf`} download data-testid="certificate-pdf">
            {t("admin.paperwork.certificate")}
          </a>
          <a className="btn-secondary" href={`${base}/check-sheet.pdf`} download data-testid="check-sheet-pdf">
            {t("admin.paperwork.checkSheet")}
          </a>
        </p>
        {reservation.vehicleId === null ? <p className="text-sm text-gray-700">{t("admin.paperwork.noCar")}</p> : null}
      </AdminSection>
    </div>
  );
}

/** A store's rental record (貸渡簿) for a day and for that day's month, as PDFs. */
export function RentalRecordLinks({ storeId, date }: { storeId: number; date: string }) {
  const { t, locale } = useAdminI18n();
  const path = useAdminPath();
  // The day and month chosen on the page, not "today": staff print past days' records too.
  const [year, month] = date.split("-").map(Number) as [number, number];
  const monthName = new Intl.DateTimeFormat(locale === "ja" ? "ja-JP" : "en-GB", {
    year: "numeric",
    month: "long",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, month - 1, 1)));
  const link = (period: string) =>
    path(`/rental-record.pdf?${new URLSearchParams({ store: String(storeId), period })}`);
  return (
    <p className="flex flex-wrap gap-2 print:hidden" data-testid="rental-record">
      <a className="btn-secondary" href={link(date)} download data-testid="rental-record-day">
        {t("admin.paperwork.recordDay", { date: date.replaceAll("-", "/") })}
      </a>
      <a className="btn-secondary" href={link(date.slice(0, 7))} download data-testid="rental-record-month">
        {t("admin.paperwork.recordMonth", { month: monthName })}
      </a>
    </p>
  );
}
