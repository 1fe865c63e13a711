import type { adminInvoicesJa } from "./invoices.ja";

export const adminInvoicesEn: Record<keyof typeof adminInvoicesJa, string> = {
  "admin.invoices.section": "Receipts and qualified invoices",
  "admin.invoices.lead":
    "The issuer printed on each payment's receipt (PDF). With a registration number, receipts are qualified invoices (and refunds qualified return invoices).",
  "admin.invoices.issuerName": "Issuer's legal name",
  "admin.invoices.issuerNameHint": "When empty, the site's title is printed (for example Sakura Rent-a-Car Co., Ltd.).",
  "admin.invoices.registrationNumber": "Qualified invoice issuer registration number",
  "admin.invoices.registrationNumberHint":
    "T followed by 13 digits (for example T1234567890123). When empty, receipts are not qualified invoices.",
  "admin.reason.registration_number_format":
    "Enter the registration number as T followed by 13 digits (for example T1234567890123).",
  "admin.reason.registration_number_check":
    "The registration number's check digit (the digit after T) does not match. Please check the number again.",
  "admin.receipts.title": "Receipts",
  "admin.receipts.receipt": "Receipt {number}",
  "admin.receipts.return": "Refund {number}",
  "admin.receipts.pdf": "PDF",
  "admin.receipts.download": "Download {number} as a PDF",
  "admin.receipts.none": "No payment to issue a receipt for yet.",
  "admin.receipts.hint":
    "One per payment record (each successful payment and refund); every download has the same number.",
};
