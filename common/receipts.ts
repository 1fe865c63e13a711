/**
 * A receipt's number (issue 37): the ledger outcome's id, "R" for a receipt of a charge, "H" (返還)
 * for a refund's return document. Shared by the server, the back office and My Page.
 */
export const receiptNumber = (entry: { id: number; kind: "charge" | "refund" }) =>
  `${entry.kind === "refund" ? "H" : "R"}-${String(entry.id).padStart(8, "0")}`;
