import { describe, expect, it } from "vitest";
import { checkContact } from "./address.schema";

describe("phone and address together", () => {
  const contact = (tel: string, pref_code: string, country: string, zip = "") =>
    checkContact({ tel, pref_code, country, zip }, { telRequired: true, zipRequired: false });

  it("reads a Japanese number as today", () => {
    expect(contact("090-1234-5678", "13", "").tel).toBe("+819012345678");
  });

  it("reads a national number in the address's country, an international one anywhere", () => {
    expect(contact("010-1234-5678", "48", "KR").tel).toBe("+821012345678");
    expect(contact("+82 10-1234-5678", "13", "").tel).toBe("+821012345678");
    expect(contact("0912-345-678", "48", "TW").tel).toBe("+886912345678");
    expect(contact("(201) 555-0123", "48", "US").tel).toBe("+12015550123");
    expect(contact("9123 4567", "48", "HK").tel).toBe("+85291234567");
  });

  it("falls back to Japan for a Japanese number of a visitor from abroad", () => {
    expect(contact("090-1234-5678", "48", "US").tel).toBe("+819012345678");
  });

  it("refuses garbage with tel_invalid", () => {
    for (const tel of ["abc", "12", "+999 123", "090-1234-5678'; --", "１２"]) {
      expect(contact(tel, "48", "KR").issues, tel).toEqual([{ field: "tel", code: "tel_invalid" }]);
    }
    expect(contact("", "13", "").issues).toEqual([{ field: "tel", code: "tel_required" }]);
  });
});
