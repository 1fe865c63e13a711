import { pdfWithJapaneseFonts } from "#server/pdf/japanese-font";
import { A4_LANDSCAPE, INK, MUTED, Pen, SHADE } from "#server/pdf/pen";

/**
 * The rental record (貸渡簿) of a store for a day or a month, as A4 landscape pages (issue 41
 * item 5): one row per car handed over, the columns named by the presenter. Long records go on over
 * several pages, each with the heading row again and its page number.
 */

export interface RecordDocument {
  lang: string;
  title: string;
  /** Under the title: the company, the store, the period. */
  subtitle: string[];
  /** Column headings with their share of the width and alignment. */
  columns: { label: string; share: number; align?: "right" }[];
  /** Cells as text; a cell may hold two lines (a driver and their licence number). */
  rows: string[][];
  /** Shown instead of the table when nothing was rented. */
  empty: string;
  /** "Page {n} of {total}" with the numbers filled in by the layout. */
  pageLabel: (page: number, total: number) => string;
  footer: string;
  createdAt: Date;
}

const ROW = 30;
const HEAD = 22;

export async function renderRecordPdf(doc: RecordDocument): Promise<Uint8Array> {
  const { pdf, regular, bold } = await pdfWithJapaneseFonts([
    doc.title,
    doc.footer,
    doc.empty,
    ...doc.subtitle,
    ...doc.columns.map((c) => c.label),
    ...doc.rows.flat(),
    doc.pageLabel(1234567890, 1234567890),
  ]);
  pdf.setTitle(doc.title);
  pdf.setLanguage(doc.lang);
  pdf.setCreator(doc.footer);
  pdf.setProducer("pdf-lib");
  pdf.setCreationDate(doc.createdAt);
  pdf.setModificationDate(doc.createdAt);

  const pens: Pen[] = [];
  const newPage = () => {
    const pen = new Pen(pdf.addPage(A4_LANDSCAPE), regular, bold, 32);
    pens.push(pen);
    return pen;
  };
  let pen = newPage();
  pen.title(doc.title, 18);
  for (const line of doc.subtitle) {
    pen.text(line, pen.left, pen.y - 10, 10, { bold: line === doc.subtitle[0] });
    pen.y -= 15;
  }
  pen.y -= 6;

  const width = pen.right - pen.left;
  const total = doc.columns.reduce((sum, c) => sum + c.share, 0);
  const xs: number[] = [];
  let at = pen.left;
  for (const c of doc.columns) {
    xs.push(at);
    at += (c.share / total) * width;
  }
  xs.push(pen.right);

  const head = () => {
    pen.box(pen.left, pen.y, width, HEAD, { fill: INK, border: INK });
    doc.columns.forEach((c, i) => {
      const x1 = xs[i] as number;
      const x2 = xs[i + 1] as number;
      if (c.align === "right") pen.textRight(c.label, x2 - 5, pen.y - 14.5, 8.5, { bold: true, color: SHADE });
      else pen.fit(c.label, x1 + 5, pen.y - 14.5, x2 - x1 - 10, 8.5, { bold: true, color: SHADE });
    });
    pen.y -= HEAD;
  };

  if (!doc.rows.length) {
    pen.box(pen.left, pen.y, width, 40, { fill: SHADE });
    pen.centre(doc.empty, pen.left, pen.right, pen.y - 24, 10, { color: MUTED });
  } else head();
  doc.rows.forEach((row, r) => {
    if (pen.y - ROW < 44) {
      pen = newPage();
      head();
    }
    pen.box(pen.left, pen.y, width, ROW, { fill: r % 2 ? SHADE : undefined });
    row.forEach((cell, i) => {
      const x1 = xs[i] as number;
      const x2 = xs[i + 1] as number;
      if (i > 0) pen.line(x1, pen.y, x1, pen.y - ROW, 0.4);
      const lines = cell.split("\n");
      lines.forEach((text, l) => {
        const y = pen.y - (lines.length === 1 ? 18.5 : 12.5 + l * 11);
        const size = l === 0 ? 9 : 7.5;
        const opts = { color: l === 0 ? INK : MUTED };
        if (doc.columns[i]?.align === "right") pen.textRight(text, x2 - 5, y, size, opts);
        else pen.fit(text, x1 + 5, y, x2 - x1 - 10, size, opts);
      });
    });
    pen.y -= ROW;
  });

  pens.forEach((p, i) => {
    p.text(doc.footer, p.left, 18, 7.5, { color: MUTED });
    p.textRight(doc.pageLabel(i + 1, pens.length), p.right, 18, 7.5, { color: MUTED });
  });
  return pdf.save({ useObjectStreams: true });
}
