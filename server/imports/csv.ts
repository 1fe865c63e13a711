import Papa from "papaparse";

/**
 * Reading a CSV file as a rental company's staff make them: saved by Excel in Japan (Shift_JIS,
 * often with CRLF), or in UTF-8 with or without a byte-order mark. Any other bytes are read as
 * Shift_JIS, which decodes every byte sequence, so a wrong file shows as wrong values, not a crash.
 */
export type CsvEncoding = "utf-8" | "shift_jis";

export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if (bom) return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("shift_jis").decode(bytes), encoding: "shift_jis" };
  }
}

export interface CsvTable {
  /** The header row, trimmed. */
  headers: string[];
  /** The data rows, each as many cells as it has (blank lines left out). */
  rows: string[][];
}

/** RFC 4180 as Excel writes it: quoted cells may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): CsvTable {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: "greedy" });
  const [head = [], ...rows] = parsed.data;
  return { headers: head.map((h) => h.trim()), rows };
}

/**
 * A CSV file for Excel: a byte-order mark (so Japanese shows correctly), CRLF, every cell quoted when
 * it must be. A text cell a spreadsheet would run as a formula (=, +, -, @) starts with an apostrophe:
 * the exports carry what customers typed.
 */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return `\ufeff${Papa.unparse(rows as unknown[][], { newline: "\r\n", escapeFormulae: true })}\r\n`;
}

/** A CSV download named `name`, never cached (the exports hold customers' data). */
export function csvResponse(csv: string, name: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
