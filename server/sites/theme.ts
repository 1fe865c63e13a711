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
