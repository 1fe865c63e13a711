import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "#server/db/seed/members-factory";
import { AppError } from "#server/errors";
import { makeSite } from "#tests/fixtures/sites";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import { login } from "./login";
import { hashPassword } from "./passwords";
import { LOGIN_RULE } from "./throttle";

let handle: TestDb;
let siteId: string;
let otherSiteId: string;
const PASSWORD = "correct-horse-9";
beforeAll(async () => {
  handle = await createTestDb();
  siteId = (await makeSite(handle.owner)).siteId;
  otherSiteId = (await makeSite(handle.owner)).siteId;
  const passwordHash = await hashPassword(PASSWORD);
  await createMember(handle.owner, siteId, { name: "花子", email: "Hanako@Example.com", passwordHash });
  await createMember(handle.owner, otherSiteId, {
    name: "別の花子",
    email: "hanako@example.com",
    passwordHash: await hashPassword("another-pass-1"),
  });
  await createMember(handle.owner, siteId, { name: "店舗登録", email: "store@example.com", registeredByStore: true });
});
afterAll(() => handle.close());

const attempt = (email: string, password: string, site = siteId, clientIp = "192.0.2.1") =>
  login(handle.forSite(site), site, { email, password, clientIp, locale: "ja" });

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

  it("refuses an address after its failures for an account, slows the account for every other, never refuses them", async () => {
    const email = "throttled@example.com";
    await createMember(handle.owner, siteId, { name: "T", email, passwordHash: await hashPassword(PASSWORD) });
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 120; i++) {
      codes.push(
        await codeOf(
          login(
            handle.forSite(siteId),
            siteId,
            { email, password: "wrong", clientIp: "198.51.100.66", locale: "ja" },
            { sleep },
          ),
        ),
      );
    }
    expect(codes.slice(0, LOGIN_RULE.pair).every((c) => c === "login_failed")).toBe(true);
    expect(codes.slice(LOGIN_RULE.pair).every((c) => c === "too_many_attempts")).toBe(true);
    // The stranger's address is refused even the right password; the owner's, with no failures, is not.
    expect(await codeOf(attempt(email, PASSWORD, siteId, "198.51.100.66"))).toBe("too_many_attempts");
    waits.length = 0;
    const owner = login(
      handle.forSite(siteId),
      siteId,
      { email, password: PASSWORD, clientIp: "203.0.113.9", locale: "ja" },
      { sleep },
    );
    await expect(owner).resolves.toMatchObject({ memberId: expect.any(Number) });
    // Slowed down, not refused.
    expect(waits.length).toBe(1);
    expect(waits[0]).toBeGreaterThan(0);
  }, 120_000);
});
