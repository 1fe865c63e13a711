import { describe, expect, it } from "vitest";
import { pickStaffText } from "./staff-text";

describe("pickStaffText", () => {
  it("shows Japanese staff the Japanese text", () => {
    expect(pickStaffText("那覇空港店", "Naha Airport", "ja")).toEqual({
      text: "那覇空港店",
      lang: "ja",
      untranslated: false,
    });
  });

  it("shows English staff the English text where there is one", () => {
    expect(pickStaffText("那覇空港店", "Naha Airport", "en")).toEqual({
      text: "Naha Airport",
      lang: "en",
      untranslated: false,
    });
  });

  it("falls back to Japanese, marked, when the English is missing or blank", () => {
    for (const en of [null, undefined, "", "  "]) {
      expect(pickStaffText("石垣店", en, "en")).toEqual({ text: "石垣店", lang: "ja", untranslated: true });
    }
  });

  it("marks nothing when there is no text at all", () => {
    expect(pickStaffText("", null, "en")).toEqual({ text: "", lang: "ja", untranslated: false });
  });
});
