import { invoiceEn } from "./invoice.en";
import type { invoiceJa } from "./invoice.ja";

/** The PDF itself is in Japanese and English; the pages and the mail are in Traditional Chinese. */
export const invoiceZhTW: Record<keyof typeof invoiceJa, string> = {
  ...invoiceEn,
  "invoice.section": "收據",
  "invoice.sectionLead": "可下載每筆付款的收據（PDF）。",
  "invoice.none": "尚無付款紀錄。",
  "invoice.receiptLink": "收據（PDF）{number}，{date}，{amount}",
  "invoice.returnLink": "退款明細（PDF）{number}，{date}，{amount}",
  "invoice.guestTitle": "下載收據",
  "invoice.mailLink": "付款收據（PDF）可由此下載：\n{url}",
};
