import { formatDate } from "#common/format";
import type { ReceiptSummary } from "#server/invoices/invoices";

/** A receipt in a list of the public site (My Page, the guest's page): its number, date, amount and PDF link. */
export interface ReceiptLinkView {
  number: string;
  kind: "charge" | "refund";
  date: string;
  amount: number;
  href: string;
}

export function receiptLinksView(
  receipts: readonly ReceiptSummary[],
  timeZone: string,
  hrefOf: (entryId: number) => string,
): ReceiptLinkView[] {
  return receipts.map((r) => ({
    number: r.number,
    kind: r.kind,
    date: formatDate(r.at, timeZone),
    amount: r.amount,
    href: hrefOf(r.entryId),
  }));
}
