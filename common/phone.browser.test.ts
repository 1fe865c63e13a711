import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The browser's build of phone.ts: "#phone-rules" resolves to the module without rules. The
// suite's workers share modules (vitest.config.ts), so phone.ts is loaded afresh under the mock.
let phone: typeof import("./phone");
beforeAll(async () => {
  vi.resetModules();
  vi.doMock("#phone-rules", () => import("./phone-rules.browser"));
  phone = await import("./phone");
});
afterAll(() => {
  vi.doUnmock("#phone-rules");
  vi.resetModules();
});

describe("phone numbers in the browser (decision 055)", () => {
  it("refuses what no country's numbers are and leaves the rest to the server", () => {
    for (const sent of ["", "12", "+81", "not a number", "090-1234-5678 call me"]) {
      expect(phone.parsePhone(sent), sent).toEqual({ ok: false });
    }
    // A digit short of a Japanese mobile: only the server's rules refuse it.
    expect(phone.parsePhone("090-1234-567")).toMatchObject({ ok: true });
    expect(phone.parsePhone("＋１ ２１２ ５５５ ０１２３")).toMatchObject({ ok: true });
  });

  it("shows a number as it is, never formatting it", () => {
    expect(phone.formatPhone("+819012345678")).toBe("+819012345678");
  });
});
