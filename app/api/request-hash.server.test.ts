import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadFingerprintKey } from "#server/http/fingerprint-key";
import { requestHash } from "./request-hash.server";

const key = Buffer.alloc(32, 7);
const body = (card: string, cvc = "123") => ({
  card_number: card,
  cvc,
  holder: "TARO",
  customer: { password: "pw-1" },
});

describe("the idempotency hash", () => {
  it("changes with a card number, a code or a nested password, and holds for the same body", () => {
    const first = requestHash("stripes/register", {}, body("4242424242424242"), key);
    expect(requestHash("stripes/register", {}, body("4242424242424242"), key)).toBe(first);
    expect(requestHash("stripes/register", {}, body("5555555555554444"), key)).not.toBe(first);
    expect(requestHash("stripes/register", {}, body("4242424242424242", "999"), key)).not.toBe(first);
    expect(
      requestHash("stripes/register", {}, { ...body("4242424242424242"), customer: { password: "pw-2" } }, key),
    ).not.toBe(first);
  });

  it("is keyed: without the server's key the same body hashes otherwise", () => {
    const other = Buffer.alloc(32, 8);
    expect(requestHash("x", {}, body("4242424242424242"), other)).not.toBe(
      requestHash("x", {}, body("4242424242424242"), key),
    );
  });
});

describe("the fingerprint key", () => {
  it("is made once in DATA_DIR and read back by the next process", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "data-"));
    const made = loadFingerprintKey(dir);
    expect(made).toHaveLength(32);
    expect(loadFingerprintKey(dir).equals(made)).toBe(true);
  });
});
