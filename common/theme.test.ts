import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BLACK,
  contrastRatio,
  fontColorFor,
  logoNeedsResize,
  luminance,
  MIN_TEXT_CONTRAST,
  parseColor,
  relativeLuminance,
  siteTheme,
  themeContrast,
  toHex,
  WHITE,
} from "./theme";

describe("colours", () => {
  it("parses hex, short hex and rgb()", () => {
    expect(parseColor("#ee6e25")).toEqual({ r: 238, g: 110, b: 37 });
    expect(parseColor("#FFF")).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseColor("rgb(30, 58, 95)")).toEqual({ r: 30, g: 58, b: 95 });
    expect(parseColor("rgb(300, 0, 0)")).toBeNull();
    expect(parseColor("orange")).toBeNull();
    expect(parseColor("#12345")).toBeNull();
  });

  it("computes luminance 0-100 with the 0.299/0.587/0.114 weights", () => {
    expect(luminance({ r: 0, g: 0, b: 0 })).toBe(0);
    expect(luminance({ r: 255, g: 255, b: 255 })).toBeCloseTo(100, 10);
    expect(luminance({ r: 238, g: 110, b: 37 })).toBeCloseTo(
      ((0.299 * 238 + 0.587 * 110 + 0.114 * 37) / 255) * 100,
      10,
    );
  });

  it("uses white text below 50 and black from 50", () => {
    expect(fontColorFor({ r: 30, g: 58, b: 95 })).toBe(WHITE); // kaede #1e3a5f
    expect(fontColorFor({ r: 245, g: 215, b: 66 })).toBe(BLACK); // fuji #f5d742
    expect(fontColorFor({ r: 238, g: 110, b: 37 })).toBe(BLACK); // default #ee6e25, luminance ≈ 54.9
    const grey127 = { r: 127, g: 127, b: 127 }; // 49.8
    const grey128 = { r: 128, g: 128, b: 128 }; // 50.2
    expect(fontColorFor(grey127)).toBe(WHITE);
    expect(fontColorFor(grey128)).toBe(BLACK);
  });

  it("honours a valid override font colour and ignores an invalid one", () => {
    expect(fontColorFor({ r: 0, g: 0, b: 0 }, "#ff0000")).toBe("#ff0000");
    expect(fontColorFor({ r: 0, g: 0, b: 0 }, "not a colour")).toBe(WHITE);
  });

  it("falls back to the default theme colour when the stored colour is invalid", () => {
    expect(siteTheme("nonsense")).toEqual({ siteColor: "#ee6e25", fontColor: BLACK });
  });

  it("always picks the font colour by the threshold (property)", () => {
    const channel = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(channel, channel, channel, (r, g, b) => {
        const rgb = { r, g, b };
        const l = luminance(rgb);
        expect(l).toBeGreaterThanOrEqual(0);
        expect(l).toBeLessThanOrEqual(100.0000001);
        expect(fontColorFor(rgb)).toBe(l < 50 ? WHITE : BLACK);
        expect(parseColor(toHex(rgb))).toEqual(rgb);
      }),
    );
  });
});

describe("logo resize", () => {
  it("resizes when taller than 75 or wider than 400", () => {
    expect(logoNeedsResize(400, 75)).toBe(false);
    expect(logoNeedsResize(401, 75)).toBe(true);
    expect(logoNeedsResize(400, 76)).toBe(true);
    expect(logoNeedsResize(520, 80)).toBe(true);
  });
});

describe("contrast (WCAG 2.2)", () => {
  const rgb = (hex: string) => parseColor(hex) as NonNullable<ReturnType<typeof parseColor>>;

  it("measures relative luminance and the ratio as WCAG defines them", () => {
    expect(relativeLuminance(rgb(BLACK))).toBe(0);
    expect(relativeLuminance(rgb(WHITE))).toBeCloseTo(1, 10);
    expect(contrastRatio(rgb(BLACK), rgb(WHITE))).toBeCloseTo(21, 10);
    expect(contrastRatio(rgb(WHITE), rgb(BLACK))).toBeCloseTo(21, 10);
    expect(contrastRatio(rgb("#777777"), rgb(WHITE))).toBeCloseTo(4.48, 2); // the classic just-fails grey
    expect(contrastRatio(rgb("#767676"), rgb(WHITE))).toBeCloseTo(4.54, 2); // and the just-passes one
  });

  it("passes the demo themes and the default", () => {
    expect(themeContrast(siteTheme("#ee6e25"))).toMatchObject({ sufficient: true, bestText: BLACK });
    expect(themeContrast(siteTheme("#1e3a5f"))).toMatchObject({ sufficient: true, bestText: WHITE });
    expect(themeContrast(siteTheme("#f5d742"))).toMatchObject({ sufficient: true });
  });

  it("warns where the spec's luminance rule picks white on a bright green, and where an override is pale", () => {
    // Luminance 46.6 (< 50): the rule picks white, which reads at about 3:1.
    const green = themeContrast(siteTheme("#2eaa2e"));
    expect(siteTheme("#2eaa2e").fontColor).toBe(WHITE);
    expect(green.sufficient).toBe(false);
    expect(green.ratio).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(green.bestText).toBe(BLACK);
    expect(themeContrast(siteTheme("#fde68a", "#ffffff")).sufficient).toBe(false);
    expect(themeContrast(siteTheme("#fde68a")).sufficient).toBe(true);
  });

  it("is symmetric, between 1 and 21, and 1 for a colour on itself (property)", () => {
    const channel = fc.integer({ min: 0, max: 255 });
    const colour = fc.record({ r: channel, g: channel, b: channel });
    fc.assert(
      fc.property(colour, colour, (a, b) => {
        const ratio = contrastRatio(a, b);
        expect(ratio).toBeGreaterThanOrEqual(1);
        expect(ratio).toBeLessThanOrEqual(21.0000001);
        expect(contrastRatio(b, a)).toBeCloseTo(ratio, 10);
        expect(contrastRatio(a, a)).toBeCloseTo(1, 10);
      }),
    );
  });
});
