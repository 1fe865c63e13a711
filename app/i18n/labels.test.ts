import { describe, expect, it } from "vitest";
import { LOCALES } from "#common/locales";
import { REASON_CODES } from "#server/availability/reasons";
import { REASON_MESSAGE, reasonMessage } from "./labels";
import { CATALOGUES } from "./messages";

describe("reason codes and their messages", () => {
  it("every reason code has a message key, and the table names no other code", () => {
    expect(Object.keys(REASON_MESSAGE).sort()).toEqual([...REASON_CODES].sort());
    for (const code of REASON_CODES) expect(reasonMessage(code), code).toBe(REASON_MESSAGE[code]);
  });

  it("no two codes share a message", () => {
    const keys = Object.values(REASON_MESSAGE);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(LOCALES)("the %s catalogue has a non-empty text for every reason code", (locale) => {
    const catalogue = CATALOGUES[locale] as Record<string, string | undefined>;
    const missing = REASON_CODES.filter((code) => {
      const text = Object.hasOwn(catalogue, REASON_MESSAGE[code]) ? catalogue[REASON_MESSAGE[code]] : undefined;
      return typeof text !== "string" || !text.trim();
    });
    expect(missing).toEqual([]);
  });

  it("each language words a reason in its own text, not Japanese copied over", () => {
    for (const code of REASON_CODES) {
      const key = REASON_MESSAGE[code];
      for (const locale of LOCALES) {
        if (locale === "ja") continue;
        expect(CATALOGUES[locale][key], `${locale} ${key}`).not.toBe(CATALOGUES.ja[key]);
      }
    }
  });

  it("a code received as data that is not a reason has no message", () => {
    for (const code of ["", "nope", "toString", "constructor", "__proto__"])
      expect(reasonMessage(code), code).toBeNull();
  });
});
