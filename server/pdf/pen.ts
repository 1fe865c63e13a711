import { type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { wrapText } from "./japanese-font";

/** Colours and sizes of the paperwork: black ink on white, grey labels, thin rules (printed on office printers). */
export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.38, 0.38, 0.42);
export const RULE = rgb(0.55, 0.55, 0.6);
export const SHADE = rgb(0.93, 0.94, 0.96);
export const A4_PORTRAIT: [number, number] = [595.28, 841.89];
export const A4_LANDSCAPE: [number, number] = [841.89, 595.28];

type Color = typeof INK;
interface TextOptions {
  bold?: boolean;
  color?: Color;
}

/** Draws text, boxes and rules on one page, with `y` as the cursor from the top down. */
export class Pen {
  y: number;
  constructor(
    readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly margin = 40,
  ) {
    this.y = page.getHeight() - margin;
  }
  get left() {
    return this.margin;
  }
  get right() {
    return this.page.getWidth() - this.margin;
  }
  width(text: string, size: number, bold = false) {
    return (bold ? this.bold : this.regular).widthOfTextAtSize(text, size);
  }
  text(text: string, x: number, y: number, size: number, opts: TextOptions = {}) {
    if (!text) return;
    this.page.drawText(text, { x, y, size, font: opts.bold ? this.bold : this.regular, color: opts.color ?? INK });
  }
  textRight(text: string, xRight: number, y: number, size: number, opts: TextOptions = {}) {
    this.text(text, xRight - this.width(text, size, opts.bold), y, size, opts);
  }
  centre(text: string, x1: number, x2: number, y: number, size: number, opts: TextOptions = {}) {
    this.text(text, (x1 + x2 - this.width(text, size, opts.bold)) / 2, y, size, opts);
  }
  /** Text shrunk until it fits `width` (never below 6 pt), for a table cell. */
  fit(text: string, x: number, y: number, width: number, size: number, opts: TextOptions = {}) {
    let s = size;
    while (s > 6 && this.width(text, s, opts.bold) > width) s -= 0.5;
    this.text(text, x, y, s, opts);
  }
  /** Wrapped text from the top `y`; returns the y under it. */
  block(text: string, x: number, y: number, width: number, size: number, opts: TextOptions = {}) {
    let at = y;
    for (const line of wrapText(text, width, (s) => this.width(s, size, opts.bold))) {
      at -= size * 1.45;
      this.text(line, x, at + size * 0.3, size, opts);
    }
    return at;
  }
  line(x1: number, y1: number, x2: number, y2: number, thickness = 0.6, color: Color = RULE) {
    this.page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color });
  }
  /** A box by its top-left corner. */
  box(
    x: number,
    top: number,
    width: number,
    height: number,
    opts: { fill?: Color; border?: Color; thickness?: number } = {},
  ) {
    this.page.drawRectangle({
      x,
      y: top - height,
      width,
      height,
      color: opts.fill,
      borderColor: opts.border ?? RULE,
      borderWidth: opts.thickness ?? 0.6,
    });
  }
  /** The form's title, centred, with a double rule under it as Japanese forms have. */
  title(title: string, size = 20) {
    this.centre(title, this.left, this.right, this.y - size, size, { bold: true });
    this.y -= size + 10;
    this.line(this.left, this.y, this.right, this.y, 1.2, INK);
    this.line(this.left, this.y - 2.5, this.right, this.y - 2.5, 0.5, INK);
    this.y -= 14;
  }
  /** Label and value pairs on one line, right-aligned (number, date of issue). */
  meta(pairs: readonly (readonly [string, string])[], size = 9) {
    let x = this.right;
    for (const [label, value] of [...pairs].reverse()) {
      this.textRight(value, x, this.y - size, size + 0.5, { bold: true });
      x -= this.width(value, size + 0.5, true) + 4;
      this.textRight(label, x, this.y - size, size, { color: MUTED });
      x -= this.width(label, size) + 16;
    }
    this.y -= size + 10;
  }
  /**
   * A section of a form: its heading, then one bordered row per field with the label in a shaded
   * cell. Values wrap; an empty value leaves a line to write on.
   */
  fields(
    heading: string,
    rows: readonly (readonly [string, string])[],
    opts: { labelWidth?: number; size?: number } = {},
  ) {
    const size = opts.size ?? 10;
    const labelWidth = opts.labelWidth ?? 120;
    const width = this.right - this.left;
    const valueWidth = width - labelWidth - 16;
    this.text(heading, this.left, this.y - 11, 10.5, { bold: true });
    this.y -= 16;
    for (const [label, value] of rows) {
      const labelLines = wrapText(label, labelWidth - 12, (s) => this.width(s, size - 1)).length;
      const valueLines = wrapText(value, valueWidth, (s) => this.width(s, size)).length;
      const textHeight = Math.max(labelLines * (size - 1), valueLines * size) * 1.45;
      const height = Math.max(textHeight + 10, 24);
      const top = this.y;
      this.box(this.left, top, labelWidth, height, { fill: SHADE });
      this.box(this.left + labelWidth, top, width - labelWidth, height);
      const labelTop = top - (height - labelLines * (size - 1) * 1.45) / 2;
      const valueTop = top - (height - valueLines * size * 1.45) / 2;
      this.block(label, this.left + 6, labelTop, labelWidth - 12, size - 1, { color: MUTED });
      this.block(value, this.left + labelWidth + 8, valueTop, valueWidth, size);
      this.y = top - height;
    }
    this.y -= 14;
  }
}
