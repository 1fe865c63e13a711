import { useAdminI18n, useAdminPath } from "#app/lib/admin";
import { receiptNumber } from "#common/receipts";
import { StoreTime, Yen } from "./counter";
import { AdminSection } from "./page";

interface LedgerRow {
  id: number;
  entry: "attempt" | "outcome";
  kind: "charge" | "refund";
  status: string;
  amount: number;
  createdAt: Date | string;
}

/**
 * A booking's receipts (issue 37): one PDF per succeeded outcome of its ledger, a receipt (a qualified
 * invoice once the site has a registration number) for a charge, a return document for a refund.
 * Every staff member who may see the booking may download them; the server checks it again.
 */
export function ReservationReceipts({
  reserveNo,
  payments,
  timeZone,
}: {
  reserveNo: string;
  payments: readonly LedgerRow[];
  timeZone: string;
}) {
  const { t } = useAdminI18n();
  const path = useAdminPath();
  const receipts = payments.filter((p) => p.entry === "outcome" && p.status === "succeeded" && p.amount > 0);
  return (
    <AdminSection title={t("admin.receipts.title")} testId="receipts" id="receipts">
      {receipts.length ? (
        <>
          <ul className="grid gap-2 text-sm">
            {receipts.map((p) => {
              const number = receiptNumber(p);
              return (
                <li
                  key={p.id}
                  className="flex flex-wrap items-center justify-between gap-2"
                  data-testid="receipt"
                  data-kind={p.kind}
                >
                  <span>
                    {t(p.kind === "refund" ? "admin.receipts.return" : "admin.receipts.receipt", { number })}{" "}
                    <StoreTime at={p.createdAt} timeZone={timeZone} />
                  </span>
                  <span className="flex items-center gap-3">
                    <Yen amount={p.amount} />
                    <a
                      className="btn-secondary"
                      href={path(`/reservations/${encodeURIComponent(reserveNo)}/receipts/${p.id}`)}
                      download
                      aria-label={t("admin.receipts.download", { number })}
                      data-testid="receipt-pdf"
                    >
                      {t("admin.receipts.pdf")}
                    </a>
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="text-sm text-gray-700">{t("admin.receipts.hint")}</p>
        </>
      ) : (
        <p className="text-sm text-gray-700">{t("admin.receipts.none")}</p>
      )}
    </AdminSection>
  );
}
