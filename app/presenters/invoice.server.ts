import { CATALOGUES, type MessageKey, translate } from "#app/i18n/messages";
import { formatDate, formatDateTime, formatYen } from "#common/format";
import { type InvoiceDocument, renderInvoicePdf } from "#server/invoices/invoice-pdf";
import type { Invoice, InvoiceLine } from "#server/invoices/invoices";

/**
 * The words of a receipt or qualified invoice (issue 37): Japanese, and for a booking made in another
 * language each label followed by its English. The amounts and dates are the ledger's.
 */

type Params = Record<string, string | number>;

function wording(invoice: Invoice) {
  const ja = (key: MessageKey, params?: Params) => translate(CATALOGUES.ja, key, params);
  const en = (key: MessageKey, params?: Params) => translate(CATALOGUES.en, key, params);
  /** A label: Japanese, with English after it on a bilingual document. */
  const t = (key: MessageKey, params?: Params, enParams?: Params) => {
    const j = ja(key, params);
    if (!invoice.bilingual) return j;
    const e = en(key, enParams ?? params);
    return j === e ? j : `${j} / ${e}`;
  };
  const name = (n: { ja: string; en: string }) =>
    invoice.bilingual && n.en && n.en !== n.ja ? `${n.ja} / ${n.en}` : n.ja;
  return { t, name, ja };
}

/** The document is Japanese (an English label follows on a bilingual one), so its amounts are too. */
const yen = (amount: number) => formatYen(amount, "ja");

function lineText(line: InvoiceLine, w: ReturnType<typeof wording>): string {
  switch (line.kind) {
    case "option":
      return line.label
        ? w.t("invoice.line.option", { name: line.label.ja }, { name: line.label.en })
        : w.t("invoice.line.options");
    case "extra_option":
    case "extra_other":
      return line.label ? `${w.t(`invoice.line.${line.kind}`)}（${line.label.ja}）` : w.t(`invoice.line.${line.kind}`);
    default:
      return w.t(`invoice.line.${line.kind}` as MessageKey);
  }
}

/** The document's words and figures, laid out by the PDF module. */
export function invoiceDocument(invoice: Invoice, site: string): InvoiceDocument {
  const w = wording(invoice);
  const { t } = w;
  const en = (key: MessageKey, params?: Params) => translate(CATALOGUES.en, key, params);
  const r = invoice.reservation;
  const tz = invoice.timeZone;
  const isReturn = invoice.kind === "return";
  const title = t(
    isReturn
      ? invoice.qualified
        ? "invoice.title.return"
        : "invoice.title.refund"
      : invoice.qualified
        ? "invoice.title.qualified"
        : "invoice.title.receipt",
  );
  const date = formatDate(invoice.at, tz);
  const issuer = [
    invoice.issuer.name,
    ...(invoice.issuer.registrationNumber
      ? [`${t("invoice.registrationNumber")} ${invoice.issuer.registrationNumber}`]
      : []),
    invoice.issuer.tel
      ? w.ja("invoice.storeLine", { store: invoice.issuer.storeName, tel: invoice.issuer.tel })
      : invoice.issuer.storeName,
  ];
  const customer = invoice.customer.name || "";
  // 様 and 御中 read the same in a bilingual document: the name once.
  const addressee = w.ja(invoice.customer.isCompany ? "invoice.addressee.company" : "invoice.addressee.person", {
    name: customer,
  });
  const details: [string, string][] = [
    [t("invoice.reserveNo"), r.reserveNo],
    [t("invoice.carType"), `${w.name(r.carType)}（${w.name(r.carClass)}）`],
    [t("invoice.pickUpStore"), w.name(r.store)],
    ...(r.returnStore.ja !== r.store.ja
      ? ([[t("invoice.returnStore"), w.name(r.returnStore)]] as [string, string][])
      : []),
    [t("invoice.period"), `${formatDateTime(r.startAt, tz)} 〜 ${formatDateTime(r.endAt, tz)}`],
    [t(isReturn ? "invoice.refundDate" : "invoice.transactionDate"), date],
    ...(invoice.original
      ? ([
          [
            t("invoice.original"),
            t("invoice.originalValue", { number: invoice.original.number, date: formatDate(invoice.original.at, tz) }),
          ],
        ] as [string, string][])
      : []),
    [t("invoice.method"), t(`invoice.method.${invoice.method}`)],
  ];
  const summary: [string, string][] = invoice.rates.flatMap(
    (rate) =>
      [
        [t("invoice.rateTotal", { rate: rate.rate }), yen(rate.total)],
        [t("invoice.rateTax", { rate: rate.rate }), yen(rate.tax)],
      ] as [string, string][],
  );
  summary.push([t(isReturn ? "invoice.total.return" : "invoice.total.receipt"), yen(invoice.total)]);
  const notes = [
    invoice.qualified ? t(isReturn ? "invoice.note.return" : "invoice.note.qualified") : t("invoice.note.plain"),
    t("invoice.note.copy"),
  ];
  return {
    lang: invoice.bilingual ? "ja, en" : "ja",
    title,
    meta: [
      [t("invoice.number"), invoice.number],
      [t("invoice.issuedOn"), date],
    ],
    addressee,
    amountLabel: `${w.ja(isReturn ? "invoice.amount.return" : "invoice.amount.receipt")}${w.ja("invoice.taxIncluded")}`,
    amountSubLabel: invoice.bilingual
      ? `${en(isReturn ? "invoice.amount.return" : "invoice.amount.receipt")} ${en("invoice.taxIncluded")}`
      : null,
    amount: yen(invoice.total),
    amountNotes: [
      t("invoice.forRental", { reserveNo: r.reserveNo }),
      t(isReturn ? "invoice.refunded" : "invoice.received"),
    ],
    issuer,
    tableHead: [t("invoice.col.description"), t("invoice.col.quantity"), t("invoice.col.amount")],
    lines: invoice.lines.map((line) => [
      lineText(line, w),
      line.quantity === null ? "" : String(line.quantity),
      yen(line.amount),
    ]),
    summary,
    detailsTitle: t("invoice.details"),
    details,
    notes,
    footer: w.ja("invoice.footer", { site, reserveNo: r.reserveNo }),
    createdAt: invoice.at,
  };
}

/** The PDF as a download: private, never stored by a cache, named by its number. */
export async function invoicePdfResponse(invoice: Invoice, site: string): Promise<Response> {
  const bytes = await renderInvoicePdf(invoiceDocument(invoice, site));
  const file = `${invoice.kind === "return" ? "refund" : "receipt"}-${invoice.reservation.reserveNo}-${invoice.number}.pdf`;
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename="${file.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}

/** The same 404 for every refusal: nothing says whether the booking or the payment exists. */
export function receiptNotFound(): Response {
  return new Response("Not Found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
