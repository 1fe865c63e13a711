/**
 * The site's theme colours (spec §3, §9), client-safe: the public layout and the back office's live
 * preview compute the font colour with this one rule. The contrast check (WCAG 2.2 AA) warns an
 * owner whose colours would be hard to read; the spec's rule itself stays as the spec says.
 */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export const DEFAULT_SITE_COLOR = "#ee6e25";
export const WHITE = "#ffffff";
export const BLACK = "#000000";

/** Accepts `#rgb`, `#rrggbb` or `rgb(r, g, b)`; anything else is null. */
export function parseColor(value: string): Rgb | null {
  const v = value.trim().toLowerCase();
  let m = /^#([0-9a-f]{6})$/.exec(v);
  if (m?.[1]) {
    const n = Number.parseInt(m[1], 16);
    return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
  }
  m = /^#([0-9a-f]{3})$/.exec(v);
  if (m?.[1]) {
    const [r, g, b] = [...m[1]].map((c) => Number.parseInt(c + c, 16)) as [number, number, number];
    return { r, g, b };
  }
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(v);
  if (rgb) {
    const [r, g, b] = rgb.slice(1).map(Number) as [number, number, number];
    if (r > 255 || g > 255 || b > 255) return null;
    return { r, g, b };
  }
  return null;
}

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/** Luminance 0-100 from the weights 0.299 / 0.587 / 0.114 (spec §9). */
export function luminance({ r, g, b }: Rgb): number {
  return ((0.299 * r + 0.587 * g + 0.114 * b) / 255) * 100;
}

/** White text on dark colours (luminance below 50), black otherwise; a valid override wins. */
export function fontColorFor(siteColor: Rgb, override?: string | null): string {
  const o = override ? parseColor(override) : null;
  if (o) return toHex(o);
  return luminance(siteColor) < 50 ? WHITE : BLACK;
}

export interface Theme {
  siteColor: string;
  fontColor: string;
}

export function siteTheme(siteColor: string, overrideFontColor?: string | null): Theme {
  const rgb = parseColor(siteColor) ?? (parseColor(DEFAULT_SITE_COLOR) as Rgb);
  return { siteColor: toHex(rgb), fontColor: fontColorFor(rgb, overrideFontColor) };
}

/** Logos taller than 75 px or wider than 400 px get the resize class (spec §9). */
export function logoNeedsResize(width: number, height: number): boolean {
  return height > 75 || width > 400;
}

/** WCAG 2.2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG 2.2 AA for normal text (1.4.3): the header's title and links are normal-sized text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** How readable the header's text is on the theme colour, and which of black or white reads best. */
export function themeContrast(theme: Theme): { ratio: number; sufficient: boolean; bestText: string } {
  const bg = parseColor(theme.siteColor) as Rgb;
  const ratio = contrastRatio(bg, parseColor(theme.fontColor) as Rgb);
  const onBlack = contrastRatio(bg, { r: 0, g: 0, b: 0 });
  const onWhite = contrastRatio(bg, { r: 255, g: 255, b: 255 });
  return { ratio, sufficient: ratio >= MIN_TEXT_CONTRAST, bestText: onBlack >= onWhite ? BLACK : WHITE };
}
