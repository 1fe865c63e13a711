import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSite } from "../../tests/fixtures/sites";
import { createTestDb } from "../../tests/setup/test-db";
import type { DbHandle } from "../db/client";
import { createMember } from "../db/seed/members-factory";
import { AppError } from "../errors";
import { login } from "./login";
import { hashPassword } from "./passwords";
import { LOGIN_LIMITS } from "./throttle";

let handle: DbHandle;
let siteId: string;
let otherSiteId: string;
const PASSWORD = "correct-horse-9";
beforeAll(async () => {
  handle = await createTestDb();
  siteId = (await makeSite(handle.db)).siteId;
  otherSiteId = (await makeSite(handle.db)).siteId;
  const passwordHash = await hashPassword(PASSWORD);
  await createMember(handle.db, siteId, { name: "花子", email: "Hanako@Example.com", passwordHash });
  await createMember(handle.db, otherSiteId, {
    name: "別の花子",
    email: "hanako@example.com",
    passwordHash: await hashPassword("another-pass-1"),
  });
  await createMember(handle.db, siteId, { name: "店舗登録", email: "store@example.com", registeredByStore: true });
});
afterAll(() => handle.close());

const attempt = (email: string, password: string, site = siteId, clientIp = "192.0.2.1") =>
  login(handle.db, site, { email, password, clientIp, locale: "ja" });

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).details.reason?.code;
  }
}

describe("login", () => {
  it("accepts the right password, whatever the e-mail's case", async () => {
    await expect(attempt("hanako@example.com", PASSWORD)).resolves.toMatchObject({ memberId: expect.any(Number) });
  });

  it("answers the same for a wrong password, an unknown address and a member without a password", async () => {
    expect(await codeOf(attempt("hanako@example.com", "wrong-pass"))).toBe("login_failed");
    expect(await codeOf(attempt("nobody@example.com", PASSWORD))).toBe("login_failed");
    expect(await codeOf(attempt("store@example.com", ""))).toBe("login_failed");
  });

  it("keeps sites apart: the same address has another password on another site", async () => {
    expect(await codeOf(attempt("hanako@example.com", PASSWORD, otherSiteId))).toBe("login_failed");
    await expect(attempt("hanako@example.com", "another-pass-1", otherSiteId)).resolves.toBeTruthy();
  });

  it("refuses with 429 after 100 failures for an account within the hour, before any hashing", async () => {
    const email = "throttled@example.com";
    await createMember(handle.db, siteId, { name: "T", email, passwordHash: await hashPassword(PASSWORD) });
    for (let i = 0; i < LOGIN_LIMITS.account; i++) {
      // A different address each time: only the account counter reaches its limit.
      expect(await codeOf(attempt(email, "wrong", siteId, `198.51.100.${i % 250}`))).toBe("login_failed");
    }
    // Even the right password is refused: the counter is read before the password is looked at.
    const error = await attempt(email, PASSWORD, siteId, "203.0.113.9").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(429);
    expect((error as AppError).details.reason?.code).toBe("too_many_attempts");
  }, 120_000);
});
