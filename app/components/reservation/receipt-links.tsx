import { useYen } from "#app/components/car/price";
import { useI18n } from "#app/lib/i18n";
import type { ReceiptLinkView } from "#app/presenters/receipts.server";

/** A booking's receipts as PDF links (issue 37), on My Page and on the guest's receipts page. */
export function ReceiptLinks({ receipts }: { receipts: readonly ReceiptLinkView[] }) {
  const { t } = useI18n();
  const yen = useYen();
  return (
    <section className="card mt-4 p-4" data-testid="receipts">
      <h2 className="mb-2 font-bold">{t("invoice.section")}</h2>
      {receipts.length ? (
        <>
          <p className="mb-2 text-sm text-gray-700">{t("invoice.sectionLead")}</p>
          <ul className="grid gap-2">
            {receipts.map((r) => (
              <li key={r.number}>
                <a className="link tap" href={r.href} download data-testid="receipt-pdf" data-kind={r.kind}>
                  {t(r.kind === "refund" ? "invoice.returnLink" : "invoice.receiptLink", {
                    number: r.number,
                    date: r.date,
                    amount: yen(r.amount),
                  })}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm text-gray-700">{t("invoice.none")}</p>
      )}
    </section>
  );
}
