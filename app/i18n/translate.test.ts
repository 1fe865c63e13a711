import { describe, expect, it } from "vitest";
import { LOCALES } from "#common/locales";
import { CATALOGUES } from "./messages";
import { type PluralKey, translateKey, translatePlural } from "./translate";

const PLURAL_KEYS: PluralKey[] = ["results.count", "results.hiddenFull", "results.suggestStore"];

describe("plural messages", () => {
  it("use the singular in English for one, the plural otherwise", () => {
    expect(translatePlural(CATALOGUES.en, "en", "results.hiddenFull", 1)).toBe("1 fully booked car type is not shown.");
    expect(translatePlural(CATALOGUES.en, "en", "results.hiddenFull", 2)).toBe(
      "2 fully booked car types are not shown.",
    );
    expect(translatePlural(CATALOGUES.en, "en", "results.count", 0)).toBe("0 car types");
    expect(translatePlural(CATALOGUES.en, "en", "results.suggestStore", 1, { store: "Naha" })).toBe(
      "1 car type available at Naha",
    );
  });

  it("have one form in Japanese, Korean and Chinese, chosen by Intl.PluralRules", () => {
    for (const locale of ["ja", "ko", "zh-TW"] as const) {
      expect(new Intl.PluralRules(locale).resolvedOptions().pluralCategories).toEqual(["other"]);
    }
    expect(translatePlural(CATALOGUES.ja, "ja", "results.count", 1)).toBe("1車種");
    expect(translatePlural(CATALOGUES.ko, "ko", "results.count", 3)).toBe("3개 차종");
  });

  it.each(LOCALES)("exist in %s for every plural key, with #other", (locale) => {
    const catalogue = CATALOGUES[locale] as Record<string, string>;
    for (const key of PLURAL_KEYS) {
      expect(catalogue[`${key}#other`], `${key}#other`).toBeTruthy();
      for (const n of [0, 1, 2, 5, 21]) expect(translatePlural(catalogue, locale, key, n)).toContain(String(n));
    }
  });
});

describe("yen placeholders", () => {
  it("fills a catalogue's {name:yen} placeholder in the message's language, and a plain one as given", () => {
    const messages = { fee: "合計（{max:yen}）以下、{count}件" };
    expect(translateKey(messages, "fee", { max: 7000, count: 3 }, "ja")).toBe("合計（7,000円）以下、3件");
    expect(translateKey({ fee: "at most {max:yen}" }, "fee", { max: 7000 }, "en")).toBe("at most ¥7,000");
  });
});
