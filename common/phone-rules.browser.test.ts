import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RulesPending } from "./rules-pending";

// The browser's module, run here with a stand-in window (the page's event target).
const g = globalThis as { window?: EventTarget };
const hadWindow = "window" in g;
beforeAll(() => {
  if (!hadWindow) g.window = new EventTarget();
});
afterAll(() => {
  if (!hadWindow) delete g.window;
});

describe("the phone rules in the browser", () => {
  it("are fetched on first need, once, and answer as the server's do", async () => {
    const { loadPhoneRules, phoneRules } = await import("./phone-rules.browser");
    let pending: unknown;
    try {
      phoneRules();
    } catch (error) {
      pending = error;
    }
    expect(pending).toBeInstanceOf(RulesPending);
    expect(loadPhoneRules()).toBe(loadPhoneRules());
    await (pending as RulesPending).ready;
    expect(phoneRules().parsePhoneNumberFromString("090-1234-5678", "JP")?.number).toBe("+819012345678");
  });

  it("keep the page when their own chunk fails, and leave other chunks' failures to the page", async () => {
    const { loadPhoneRules } = await import("./phone-rules.browser");
    await loadPhoneRules();
    let pageHeard = 0;
    window.addEventListener("vite:preloadError", () => pageHeard++);
    const failure = (message: string) => {
      const event = Object.assign(new Event("vite:preloadError", { cancelable: true }), {
        payload: new Error(message),
      });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(
      failure("Failed to fetch dynamically imported module: https://x.example/assets/phone-metadata-Ab12.js"),
    ).toBe(true);
    expect(pageHeard).toBe(0);
    expect(failure("Failed to fetch dynamically imported module: https://x.example/assets/options-Cd34.js")).toBe(
      false,
    );
    expect(pageHeard).toBe(1);
  });
});
