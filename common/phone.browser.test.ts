import { describe, expect, it, vi } from "vitest";
import { formatPhone, parsePhone } from "./phone";

// The browser's build of phone.ts: "#phone-rules" resolves to the module without rules.
vi.mock("#phone-rules", () => import("./phone-rules.browser"));

describe("phone numbers in the browser (decision 055)", () => {
  it("refuses what no country's numbers are and leaves the rest to the server", () => {
    for (const sent of ["", "12", "+81", "not a number", "090-1234-5678 call me"]) {
      expect(parsePhone(sent), sent).toEqual({ ok: false });
    }
    // A digit short of a Japanese mobile: only the server's rules refuse it.
    expect(parsePhone("090-1234-567")).toMatchObject({ ok: true });
    expect(parsePhone("＋１ ２１２ ５５５ ０１２３")).toMatchObject({ ok: true });
  });

  it("shows a number as it is, never formatting it", () => {
    expect(formatPhone("+819012345678")).toBe("+819012345678");
  });
});
