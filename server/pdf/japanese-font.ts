import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont } from "pdf-lib";
import subsetFont from "subset-font";

/**
 * The Japanese face of every PDF the platform makes (receipts, the rental certificate, the rental
 * record, the check sheet): Noto Sans JP from npm (`@expo-google-fonts/noto-sans-jp`, SIL OFL), cut
 * down to the characters the document uses by HarfBuzz (`subset-font`) before pdf-lib embeds it, so
 * a document is tens of kilobytes rather than 6 MB and renders the same on any machine, with no
 * system fonts. (pdf-lib's own `subset: true` draws wrong glyphs with this font: checked with poppler.)
 */

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: "@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf",
  bold: "@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf",
} as const;
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;

/** The font files, read once per process (about 5 MB each; only the glyphs used are embedded). */
function fontBytes() {
  fonts ??= Promise.all([readFile(require.resolve(FONT_FILES.regular)), readFile(require.resolve(FONT_FILES.bold))])
    .then(([regular, bold]) => ({ regular, bold }))
    .catch((error: unknown) => {
      fonts = null;
      throw error;
    });
  return fonts;
}

// No ligatures or contextual forms: pdf-lib measures characters, so a substituted glyph ("fi", a
// digit after a letter) would be drawn at the wrong width.
const FEATURES = { liga: false, clig: false, calt: false, kern: false, rlig: false, ccmp: false, locl: false };

export interface JapaneseFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** A new PDF with the regular and bold faces embedded, holding every character of `texts`. */
export async function pdfWithJapaneseFonts(texts: readonly string[]): Promise<{ pdf: PDFDocument } & JapaneseFonts> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const bytes = await fontBytes();
  const used = [...new Set(texts.join(""))].join("");
  const [regularSubset, boldSubset] = await Promise.all([
    subsetFont(bytes.regular, used, { targetFormat: "truetype" }),
    subsetFont(bytes.bold, used, { targetFormat: "truetype" }),
  ]);
  const [regular, bold] = await Promise.all([
    pdf.embedFont(regularSubset, { features: FEATURES }),
    pdf.embedFont(boldSubset, { features: FEATURES }),
  ]);
  return { pdf, regular, bold };
}

/** Breaks `text` into lines no wider than `width`: at spaces where it can, else between any two characters (Japanese). */
export function wrapText(text: string, width: number, measure: (s: string) => number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    const tokens = paragraph.match(/[A-Za-z0-9.,:;!?'’()¥%/&+-]+\s*|\s+|./gu) ?? [];
    for (const token of tokens) {
      if (measure(line + token) <= width || line === "") {
        if (measure(token) > width && line === "") {
          // A word longer than the line: split it between characters.
          for (const ch of token) {
            if (measure(line + ch) > width && line) {
              out.push(line.trimEnd());
              line = "";
            }
            line += ch;
          }
        } else line += token;
      } else {
        out.push(line.trimEnd());
        line = token.trimStart();
      }
    }
    out.push(line.trimEnd());
  }
  return out;
}
