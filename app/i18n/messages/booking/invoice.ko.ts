import { invoiceEn } from "./invoice.en";
import type { invoiceJa } from "./invoice.ja";

/** The PDF itself is in Japanese and English (its font has no Hangul); the pages and the mail are in Korean. */
export const invoiceKo: Record<keyof typeof invoiceJa, string> = {
  ...invoiceEn,
  "invoice.section": "영수증",
  "invoice.sectionLead": "결제마다 영수증(PDF)을 다운로드할 수 있습니다.",
  "invoice.none": "아직 결제 기록이 없습니다.",
  "invoice.receiptLink": "영수증(PDF) {number}, {date}, {amount}",
  "invoice.returnLink": "환불 명세(PDF) {number}, {date}, {amount}",
  "invoice.guestTitle": "영수증 다운로드",
  "invoice.mailLink": "결제 영수증(PDF)은 아래에서 다운로드할 수 있습니다.\n{url}",
};
