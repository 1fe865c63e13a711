import { describe, expect, it } from "vitest";
import { loadPhoneRules, phoneRules } from "./phone-rules.browser";
import { pageKept, RulesPending } from "./rules-on-demand";

// The browser's module, run here: the fetch is Node's import of the same metadata.
describe("the phone rules in the browser", () => {
  it("are fetched on first need, once, keep the page meanwhile, and answer as the server's do", async () => {
    let pending: unknown;
    try {
      phoneRules();
    } catch (error) {
      pending = error;
    }
    expect(pending).toBeInstanceOf(RulesPending);
    expect(loadPhoneRules()).toBe(loadPhoneRules());
    // A chunk failing now would be this fetch's: the root's listener leaves the page (and the form).
    expect(pageKept()).toBe(true);
    await (pending as RulesPending).ready;
    expect(pageKept()).toBe(false);
    expect(phoneRules().parsePhoneNumberFromString("090-1234-5678", "JP")?.number).toBe("+819012345678");
  });
});
