import { describe, expect, it } from "vitest";
import { LOCALES } from "#common/locales";
import { CATALOGUES, translate } from "./messages";

// A Korean particle (`{site:을}`) belongs to the language; the value is the same placeholder.
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)(?::(?:을|이|은|과|으로))?\}/g)].map((m) => m[1]).sort();

describe("message catalogues", () => {
  const all = new Set(LOCALES.flatMap((l) => Object.keys(CATALOGUES[l])));

  it.each(LOCALES)("%s has every key any catalogue has, each non-empty", (locale) => {
    const catalogue = CATALOGUES[locale] as Record<string, string>;
    const missing = [...all].filter((k) => !(k in catalogue));
    expect(missing).toEqual([]);
    const empty = Object.entries(catalogue).filter(([, v]) => !v.trim());
    expect(empty).toEqual([]);
  });

  it.each(LOCALES)("%s uses the same placeholders as Japanese", (locale) => {
    const ja = CATALOGUES.ja as Record<string, string>;
    const other = CATALOGUES[locale] as Record<string, string>;
    for (const key of Object.keys(ja)) {
      expect(placeholders(other[key] ?? ""), key).toEqual(placeholders(ja[key] ?? ""));
    }
  });

  it("fills placeholders and leaves unknown ones visible", () => {
    expect(translate(CATALOGUES.en, "footer.copyright", { year: 2014, title: "Sakura" })).toBe("© 2014 Sakura");
    expect(translate(CATALOGUES.en, "footer.copyright", { year: 2014 })).toBe("© 2014 {title}");
  });
});
