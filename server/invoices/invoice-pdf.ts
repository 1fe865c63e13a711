import { type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { pdfWithJapaneseFonts, wrapText } from "#server/pdf/japanese-font";

/**
 * Draws a receipt or qualified invoice as an A4 PDF (issue 37, decision 044). It takes the words
 * already in the reader's language (the presenter's job) and only lays them out, in the Japanese
 * face shared by every document (server/pdf/japanese-font.ts).
 */

export interface InvoiceDocument {
  /** The document's language for its metadata: "ja", or "ja,en" for a bilingual one. */
  lang: string;
  /** Title on the page and in the file's metadata. */
  title: string;
  /** Top right: number, date of issue. */
  meta: [string, string][];
  /** The customer's name with its honorific (様 / 御中). */
  addressee: string;
  amountLabel: string;
  /** The label in English under it, on a bilingual document. */
  amountSubLabel: string | null;
  amount: string;
  /** Under the amount: "(tax included)" and what it is for. */
  amountNotes: string[];
  /** The issuer: name first (bold), then the registration number, store and telephone. */
  issuer: string[];
  tableHead: [string, string, string];
  lines: [string, string, string][];
  /** Per rate and in total: [label, value]. */
  summary: [string, string][];
  detailsTitle: string;
  details: [string, string][];
  notes: string[];
  /** Small print at the bottom: who made the document. */
  footer: string;
  /** The transaction's time: the file's dates, so every download of one entry is the same document. */
  createdAt: Date;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.72, 0.72, 0.76);
const SHADE = rgb(0.94, 0.95, 0.97);

class Pen {
  y = A4.height - MARGIN;
  constructor(
    readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}
  width(text: string, size: number, bold = false) {
    return (bold ? this.bold : this.regular).widthOfTextAtSize(text, size);
  }
  text(text: string, x: number, y: number, size: number, opts: { bold?: boolean; color?: typeof INK } = {}) {
    this.page.drawText(text, {
      x,
      y,
      size,
      font: opts.bold ? this.bold : this.regular,
      color: opts.color ?? INK,
    });
  }
  right(text: string, xRight: number, y: number, size: number, opts: { bold?: boolean; color?: typeof INK } = {}) {
    this.text(text, xRight - this.width(text, size, opts.bold), y, size, opts);
  }
  /** Wrapped text from the top `y`; returns the y under it. */
  block(
    text: string,
    x: number,
    y: number,
    width: number,
    size: number,
    opts: { bold?: boolean; color?: typeof INK } = {},
  ) {
    let at = y;
    for (const line of wrapText(text, width, (s) => this.width(s, size, opts.bold))) {
      at -= size * 1.45;
      this.text(line, x, at + size * 0.3, size, opts);
    }
    return at;
  }
  rule(x1: number, x2: number, y: number, thickness = 0.6, color = RULE) {
    this.page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness, color });
  }
}

/** Every character the document draws, once. */
function charactersOf(doc: InvoiceDocument): string {
  const texts = [
    doc.title,
    doc.addressee,
    doc.amountLabel,
    doc.amountSubLabel ?? "",
    doc.amount,
    doc.detailsTitle,
    doc.footer,
    ...doc.meta.flat(),
    ...doc.amountNotes,
    ...doc.issuer,
    ...doc.tableHead,
    ...doc.lines.flat(),
    ...doc.summary.flat(),
    ...doc.details.flat(),
    ...doc.notes,
  ];
  return [...new Set(texts.join(""))].join("");
}

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const { pdf, regular, bold } = await pdfWithJapaneseFonts([charactersOf(doc)]);
  pdf.setTitle(doc.title);
  pdf.setLanguage(doc.lang);
  pdf.setCreator(doc.footer);
  pdf.setProducer("pdf-lib");
  pdf.setCreationDate(doc.createdAt);
  pdf.setModificationDate(doc.createdAt);
  const page = pdf.addPage([A4.width, A4.height]);
  const pen = new Pen(page, regular, bold);
  const left = MARGIN;
  const right = A4.width - MARGIN;
  const full = right - left;

  // Title, centred, with a double rule under it as Japanese forms have.
  const titleSize = doc.title.length > 16 ? 17 : 20;
  const titleWidth = pen.width(doc.title, titleSize, true);
  pen.text(doc.title, (A4.width - titleWidth) / 2, pen.y - titleSize, titleSize, { bold: true });
  pen.y -= titleSize + 10;
  pen.rule(left, right, pen.y, 1.2, INK);
  pen.rule(left, right, pen.y - 2.5, 0.5, INK);
  pen.y -= 18;

  // Number and date, top right.
  const metaTop = pen.y;
  let metaY = metaTop;
  for (const [label, value] of doc.meta) {
    metaY -= 14;
    pen.right(value, right, metaY, 9.5);
    pen.right(label, right - 118, metaY, 9, { color: MUTED });
  }

  // The addressee, underlined, on the left.
  const addresseeSize = 15;
  pen.y = metaTop - 8;
  const addresseeLines = wrapText(doc.addressee, full * 0.55, (s) => pen.width(s, addresseeSize, true));
  for (const line of addresseeLines) {
    pen.y -= addresseeSize * 1.5;
    pen.text(line, left, pen.y, addresseeSize, { bold: true });
  }
  pen.rule(left, left + full * 0.58, pen.y - 5, 0.9, INK);
  pen.y = Math.min(pen.y - 26, metaY - 20);

  // The amount, in a shaded box.
  const boxHeight = 46;
  page.drawRectangle({
    x: left,
    y: pen.y - boxHeight,
    width: full * 0.62,
    height: boxHeight,
    color: SHADE,
    borderColor: INK,
    borderWidth: 0.8,
  });
  if (doc.amountSubLabel) {
    pen.text(doc.amountLabel, left + 12, pen.y - 20, 10.5, { bold: true });
    pen.text(doc.amountSubLabel, left + 12, pen.y - 35, 8.5, { color: MUTED });
  } else pen.text(doc.amountLabel, left + 12, pen.y - 28, 11, { bold: true });
  pen.right(doc.amount, left + full * 0.62 - 14, pen.y - 31, 20, { bold: true });
  const boxBottom = pen.y - boxHeight;
  let notesY = boxBottom - 4;
  for (const note of doc.amountNotes) notesY = pen.block(note, left, notesY, full * 0.62, 9);

  // The issuer, on the right beside the amount.
  const issuerX = left + full * 0.66;
  const issuerWidth = right - issuerX;
  let issuerY = pen.y;
  doc.issuer.forEach((line, i) => {
    issuerY = pen.block(line, issuerX, issuerY, issuerWidth, i === 0 ? 11 : 8.5, {
      bold: i === 0,
      color: i === 0 ? INK : MUTED,
    });
    if (i === 0) issuerY -= 2;
  });
  pen.y = Math.min(notesY, issuerY) - 18;

  // The lines.
  const qtyX = left + full * 0.52;
  const amountRight = right - 8;
  const head = 20;
  page.drawRectangle({ x: left, y: pen.y - head, width: full, height: head, color: rgb(0.2, 0.22, 0.28) });
  const white = rgb(1, 1, 1);
  pen.text(doc.tableHead[0], left + 8, pen.y - 14, 9, { bold: true, color: white });
  pen.right(doc.tableHead[1], qtyX + 30, pen.y - 14, 9, { bold: true, color: white });
  pen.right(doc.tableHead[2], amountRight, pen.y - 14, 9, { bold: true, color: white });
  pen.y -= head;
  for (const [description, quantity, amount] of doc.lines) {
    const top = pen.y;
    const bottom = pen.block(description, left + 8, top - 3, qtyX - left - 18, 9.5);
    pen.right(quantity, qtyX + 30, top - 15, 9.5);
    pen.right(amount, amountRight, top - 15, 9.5);
    pen.y = bottom - 6;
    pen.rule(left, right, pen.y);
  }

  // Per rate and total, right-aligned under the lines.
  pen.y -= 4;
  const summaryX = left + full * 0.42;
  doc.summary.forEach(([label, value], i) => {
    const last = i === doc.summary.length - 1;
    pen.y -= last ? 20 : 16;
    pen.text(label, summaryX, pen.y, last ? 10.5 : 9.5, { bold: last });
    pen.right(value, amountRight, pen.y, last ? 11 : 9.5, { bold: last });
    if (last) pen.rule(summaryX, right, pen.y - 6, 0.9, INK);
  });
  pen.y -= 30;

  // What was rented.
  pen.text(doc.detailsTitle, left, pen.y, 10.5, { bold: true });
  pen.y -= 6;
  pen.rule(left, right, pen.y, 0.8, INK);
  const labelWidth = full * 0.3;
  for (const [label, value] of doc.details) {
    const top = pen.y;
    const a = pen.block(label, left + 4, top - 2, labelWidth - 8, 9, { color: MUTED });
    const b = pen.block(value, left + labelWidth, top - 2, full - labelWidth, 9.5);
    pen.y = Math.min(a, b) - 5;
    pen.rule(left, right, pen.y, 0.4);
  }

  pen.y -= 14;
  for (const note of doc.notes) pen.y = pen.block(note, left, pen.y, full, 8.5, { color: MUTED }) - 2;

  pen.text(doc.footer, left, MARGIN - 14, 7.5, { color: MUTED });
  return pdf.save({ useObjectStreams: true });
}
