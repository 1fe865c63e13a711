import { describe, expect, it } from "vitest";
import { RELAY_LEASE_MS, relayBackoffMs } from "./relay";
import { SMTP_TIMEOUTS } from "./smtp-transport";

describe("relayBackoffMs", () => {
  it("doubles from a minute and stops at an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => relayBackoffMs(n) / 60_000)).toEqual([
      1, 2, 4, 8, 16, 32, 60, 60, 60,
    ]);
  });

  it("the lease outlasts one SMTP delivery, so a slow mail is not claimed twice", () => {
    const worst = SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout * 4;
    expect(RELAY_LEASE_MS).toBeGreaterThan(worst);
  });
});
