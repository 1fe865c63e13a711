import type { PDFDocument } from "pdf-lib";
import { type JapaneseFonts, pdfWithJapaneseFonts } from "#server/pdf/japanese-font";
import { A4_PORTRAIT, INK, MUTED, Pen, SHADE } from "#server/pdf/pen";

/**
 * The rental certificate (貸渡証) and the check sheet of one booking as A4 PDFs (issue 41 item 5).
 * They take the words already in the reader's language (app/presenters/paperwork.server.ts) and
 * only lay them out.
 */

type Pair = readonly [string, string];

interface DocumentBase {
  /** The document's language, for its metadata. */
  lang: string;
  title: string;
  /** Top right: the booking's number, the date of issue. */
  meta: Pair[];
  footer: string;
  /** The file's dates: the booking's departure (or start), so every download of one booking is the same document. */
  createdAt: Date;
}

export interface CertificateDocument extends DocumentBase {
  sections: { heading: string; rows: Pair[] }[];
  notes: string[];
  /** The boxes to stamp or sign at the foot (the company's seal, the renter's signature). */
  signatures: string[];
}

export type Mark = "ok" | "ng" | null;

export interface CheckSheetDocument extends DocumentBase {
  facts: { heading: string; rows: Pair[] };
  /** 出発時 and 返却時: the two columns of the sheet. */
  columns: [string, string];
  /** Time and meter, per column; an empty value leaves a line to write on. */
  readings: { label: string; values: [string, string] }[];
  fuel: { label: string; empty: string; full: string; levels: [number | null, number | null] };
  checks: { heading: string; ok: string; ng: string; items: { label: string; marks: [Mark, Mark] }[] };
  damage: { heading: string; views: string[]; legend: string };
  signatures: { heading: string; labels: string[] };
}

function textsOf(doc: DocumentBase, more: string[]): string[] {
  return [doc.title, doc.footer, ...doc.meta.flat(), ...more, "0123456789/-:km"];
}

function setMetadata(pdf: PDFDocument, doc: DocumentBase) {
  pdf.setTitle(doc.title);
  pdf.setLanguage(doc.lang);
  pdf.setCreator(doc.footer);
  pdf.setProducer("pdf-lib");
  pdf.setCreationDate(doc.createdAt);
  pdf.setModificationDate(doc.createdAt);
}

function start(pdf: PDFDocument, fonts: JapaneseFonts, doc: DocumentBase): Pen {
  const pen = new Pen(pdf.addPage(A4_PORTRAIT), fonts.regular, fonts.bold, 44);
  pen.title(doc.title);
  pen.meta(doc.meta);
  return pen;
}

function footer(pen: Pen, text: string) {
  pen.text(text, pen.left, 24, 7.5, { color: MUTED });
}

export async function renderCertificatePdf(doc: CertificateDocument): Promise<Uint8Array> {
  const { pdf, ...fonts } = await pdfWithJapaneseFonts(
    textsOf(doc, [...doc.sections.flatMap((s) => [s.heading, ...s.rows.flat()]), ...doc.notes, ...doc.signatures]),
  );
  setMetadata(pdf, doc);
  const pen = start(pdf, fonts, doc);
  for (const section of doc.sections) pen.fields(section.heading, section.rows);
  for (const note of doc.notes)
    pen.y = pen.block(note, pen.left, pen.y, pen.right - pen.left, 8.5, { color: MUTED }) - 2;
  // The seal and the signature, side by side at the foot of the page.
  const gap = 16;
  const width = (pen.right - pen.left - gap * (doc.signatures.length - 1)) / doc.signatures.length;
  const top = Math.min(pen.y - 12, 150);
  doc.signatures.forEach((label, i) => {
    const x = pen.left + i * (width + gap);
    pen.box(x, top, width, 18, { fill: SHADE });
    pen.text(label, x + 6, top - 12.5, 8.5, { color: MUTED });
    pen.box(x, top - 18, width, 62);
  });
  footer(pen, doc.footer);
  return pdf.save({ useObjectStreams: true });
}

/** A car seen from one side, as a plain outline to mark damage on. */
function carOutline(pen: Pen, x: number, top: number, width: number, height: number, view: number) {
  const cx = x + width / 2;
  const cy = top - height / 2 - 6;
  if (view < 2) {
    // Front or rear: the body, the window, two wheels below.
    const w = width * 0.62;
    const h = height * 0.42;
    pen.box(cx - w / 2, cy + h / 2, w, h, { border: INK, thickness: 0.8 });
    pen.box(cx - w * 0.36, cy + h / 2 + h * 0.45, w * 0.72, h * 0.45, { border: INK, thickness: 0.8 });
    pen.box(cx - w / 2 + 4, cy - h / 2, 12, 9, { border: INK, thickness: 0.8 });
    pen.box(cx + w / 2 - 16, cy - h / 2, 12, 9, { border: INK, thickness: 0.8 });
    return;
  }
  // A side: the body, the cabin, two wheels.
  const w = width * 0.84;
  const h = height * 0.26;
  pen.box(cx - w / 2, cy + h / 2, w, h, { border: INK, thickness: 0.8 });
  pen.box(cx - w * 0.28, cy + h / 2 + h * 0.8, w * 0.5, h * 0.8, { border: INK, thickness: 0.8 });
  for (const at of [cx - w * 0.3, cx + w * 0.3]) {
    pen.page.drawEllipse({
      x: at,
      y: cy - h / 2,
      xScale: 10,
      yScale: 10,
      borderColor: INK,
      borderWidth: 0.8,
      color: SHADE,
    });
  }
}

export async function renderCheckSheetPdf(doc: CheckSheetDocument): Promise<Uint8Array> {
  const { pdf, ...fonts } = await pdfWithJapaneseFonts(
    textsOf(doc, [
      doc.facts.heading,
      ...doc.facts.rows.flat(),
      ...doc.columns,
      ...doc.readings.flatMap((r) => [r.label, ...r.values]),
      doc.fuel.label,
      doc.fuel.empty,
      doc.fuel.full,
      doc.checks.heading,
      doc.checks.ok,
      doc.checks.ng,
      ...doc.checks.items.map((i) => i.label),
      doc.damage.heading,
      doc.damage.legend,
      ...doc.damage.views,
      doc.signatures.heading,
      ...doc.signatures.labels,
    ]),
  );
  setMetadata(pdf, doc);
  const pen = start(pdf, fonts, doc);
  pen.fields(doc.facts.heading, doc.facts.rows, { labelWidth: 110, size: 9.5 });

  // Departure and return, side by side.
  const gap = 14;
  const colWidth = (pen.right - pen.left - gap) / 2;
  const top = pen.y;
  let bottom = top;
  doc.columns.forEach((heading, c) => {
    const x = pen.left + c * (colWidth + gap);
    let y = top;
    pen.box(x, y, colWidth, 20, { fill: INK, border: INK });
    pen.text(heading, x + 8, y - 14, 10, { bold: true, color: SHADE });
    y -= 20;
    const labelWidth = 78;
    for (const reading of doc.readings) {
      pen.box(x, y, labelWidth, 24, { fill: SHADE });
      pen.box(x + labelWidth, y, colWidth - labelWidth, 24);
      pen.text(reading.label, x + 6, y - 15, 8.5, { color: MUTED });
      pen.text(reading.values[c] ?? "", x + labelWidth + 8, y - 15.5, 10);
      y -= 24;
    }
    // Fuel: eight boxes from empty to full, filled up to what the gauge read.
    pen.box(x, y, labelWidth, 28, { fill: SHADE });
    pen.box(x + labelWidth, y, colWidth - labelWidth, 28);
    pen.text(doc.fuel.label, x + 6, y - 17, 8.5, { color: MUTED });
    const level = doc.fuel.levels[c] ?? null;
    const gx = x + labelWidth + 8 + pen.width(doc.fuel.empty, 8) + 4;
    const cell = (colWidth - labelWidth - 24 - pen.width(doc.fuel.empty, 8) - pen.width(doc.fuel.full, 8) - 8) / 8;
    pen.text(doc.fuel.empty, x + labelWidth + 8, y - 17, 8, { color: MUTED });
    for (let i = 0; i < 8; i += 1) {
      pen.box(gx + i * cell, y - 8, cell - 2, 12, { border: INK, fill: level !== null && i < level ? INK : undefined });
    }
    pen.text(doc.fuel.full, gx + 8 * cell + 2, y - 17, 8, { color: MUTED });
    y -= 28 + 10;
    // The checks, with an OK and an NG box each.
    pen.text(doc.checks.heading, x, y - 10, 9.5, { bold: true });
    pen.textRight(doc.checks.ng, x + colWidth - 6, y - 10, 8, { color: MUTED });
    pen.textRight(doc.checks.ok, x + colWidth - 40, y - 10, 8, { color: MUTED });
    y -= 16;
    for (const item of doc.checks.items) {
      pen.box(x, y, colWidth, 20);
      pen.text(item.label, x + 6, y - 13.5, 9);
      const mark = item.marks[c] ?? null;
      for (const [i, kind] of (["ok", "ng"] as const).entries()) {
        const bx = x + colWidth - 52 + i * 34;
        pen.box(bx, y - 4, 12, 12, { border: INK, fill: mark === kind ? INK : undefined });
      }
      y -= 20;
    }
    bottom = Math.min(bottom, y);
  });
  pen.y = bottom - 16;

  // Damage: four views to mark on.
  pen.text(doc.damage.heading, pen.left, pen.y - 10, 10.5, { bold: true });
  pen.textRight(doc.damage.legend, pen.right, pen.y - 10, 8, { color: MUTED });
  pen.y -= 16;
  const views = doc.damage.views.length;
  const viewWidth = (pen.right - pen.left) / views;
  const viewHeight = 96;
  doc.damage.views.forEach((label, i) => {
    const x = pen.left + i * viewWidth;
    pen.box(x, pen.y, viewWidth, viewHeight);
    pen.text(label, x + 6, pen.y - 12, 8.5, { color: MUTED });
    carOutline(pen, x, pen.y - 10, viewWidth, viewHeight - 10, i);
  });
  pen.y -= viewHeight + 16;

  // Signatures: the renter's and the staff member's, at each end of the rental.
  pen.text(doc.signatures.heading, pen.left, pen.y - 10, 10.5, { bold: true });
  pen.y -= 16;
  const n = doc.signatures.labels.length;
  const sigWidth = (pen.right - pen.left) / n;
  doc.signatures.labels.forEach((label, i) => {
    const x = pen.left + i * sigWidth;
    pen.box(x, pen.y, sigWidth, 16, { fill: SHADE });
    pen.fit(label, x + 5, pen.y - 11.5, sigWidth - 10, 8, { color: MUTED });
    pen.box(x, pen.y - 16, sigWidth, 44);
  });
  footer(pen, doc.footer);
  return pdf.save({ useObjectStreams: true });
}
