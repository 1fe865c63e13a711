import { describe, expect, it } from "vitest";
import { formatPhone, parsePhone } from "./phone";

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
});
