import { getCountries, parsePhoneNumberFromString } from "libphonenumber-js/min";
import { describe, expect, it } from "vitest";
import { formatPhone, MIN_PHONE_DIGITS, parsePhone } from "./phone";
import { telHref, telShown } from "./tel";

describe("phone numbers", () => {
  it("stores E.164 from national or international form", () => {
    expect(parsePhone("090-1234-5678")).toEqual({ ok: true, e164: "+819012345678", country: "JP" });
    expect(parsePhone("＋８２　１０－１２３４－５６７８")).toEqual({ ok: true, e164: "+821012345678", country: "KR" });
    expect(parsePhone("010-1234-5678", "KR")).toMatchObject({ e164: "+821012345678" });
    expect(parsePhone("+1 415 555 2671")).toMatchObject({ e164: "+14155552671", country: "US" });
    expect(parsePhone("not a number")).toEqual({ ok: false });
    expect(parsePhone("")).toEqual({ ok: false });
  });

  it("shows Japanese numbers nationally and foreign numbers internationally", () => {
    expect(formatPhone("+819012345678")).toBe("090-1234-5678");
    expect(formatPhone("+821012345678")).toBe("+82 10 1234 5678");
    expect(formatPhone("+886912345678")).toBe("+886 912 345 678");
    expect(formatPhone("+12015550123")).toBe("+1 201 555 0123");
    // Stored before E.164, or not a number at all: read as Japanese, or shown as it is.
    expect(formatPhone("098-123-4567")).toBe("098-123-4567");
    expect(formatPhone("(unknown)")).toBe("(unknown)");
    expect(formatPhone("")).toBe("");
  });

  it("shows a number kept from before in the form its reader's country asks for", () => {
    expect(formatPhone("+821012345678")).toBe("+82 10 1234 5678");
    expect(formatPhone("+821012345678", "KR")).toBe("010-1234-5678");
    expect(formatPhone("+821012345678")).toBe("+82 10 1234 5678");
  });

  it("keeps a number only when it reads back as it was sent (issue 38)", () => {
    // A digit short: the small metadata calls it valid, but it would read back as 901234567.
    for (const sent of ["0901234567", "901234567", "+81901234567"]) expect(parsePhone(sent)).toEqual({ ok: false });
    for (const [sent, region] of [
      ["090-1234-5678", "JP"],
      ["+81 90-1234-5678", "JP"],
      ["+81 090-1234-5678", "JP"],
      ["03-1234-5678", "JP"],
      ["0120-123-456", "JP"],
      ["010-1234-5678", "KR"],
      ["+1 212 555 0123", "JP"],
    ] as const) {
      const parsed = parsePhone(sent, region);
      expect(parsed.ok, sent).toBe(true);
      if (parsed.ok)
        expect(formatPhone(parsed.e164, parsed.country ?? "JP").replace(/\D/g, ""), sent).toMatch(/\d{9,}/);
    }
    const mobile = parsePhone("090-1234-5678");
    expect(mobile.ok && formatPhone(mobile.e164)).toBe("090-1234-5678");
  });
});

describe("the browser's own check (decision 055)", () => {
  it("refuses no number the rules accept: no country has a valid one of fewer digits", () => {
    const short: string[] = [];
    for (let length = 1; length < MIN_PHONE_DIGITS; length++) {
      for (let n = 0; n < 10 ** length; n++) short.push(String(n).padStart(length, "0"));
    }
    for (const region of getCountries()) {
      const valid = short.filter((digits) => parsePhoneNumberFromString(digits, region)?.isValid());
      expect(valid, region).toEqual([]);
    }
    expect(short.filter((digits) => parsePhoneNumberFromString(`+${digits}`)?.isValid())).toEqual([]);
  }, 60_000); // some 270,000 readings
});

describe("phone links and numbers for visitors", () => {
  it("links every number in E.164, so a foreign SIM dials a Japanese store", () => {
    expect(telHref("098-000-8301")).toBe("tel:+81980008301");
    expect(telHref("０９８−０００−８３０１")).toBe("tel:+81980008301");
    expect(telHref("+819012345678")).toBe("tel:+819012345678");
    expect(telHref("+82 10-1234-5678")).toBe("tel:+821012345678");
  });
  it("shows a Japanese number as written in Japanese, and with +81 in the other languages", () => {
    expect(telShown("098-000-8301", "ja")).toBe("098-000-8301");
    for (const locale of ["en", "ko", "zh-TW"]) expect(telShown("098-000-8301", locale)).toBe("+81 98-000-8301");
    expect(telShown("+82 10-1234-5678", "en")).toBe("+82 10-1234-5678");
  });
});
