import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "#server/errors";
import { createTestDb, type TestDb } from "#tests/setup/test-db";
import {
  accountDelayMs,
  failuresThisHour,
  LOGIN_RULE,
  pairKey,
  recordSignInFailure,
  type Sleep,
  TWO_FACTOR_RULE,
  throttleSignIn,
} from "./throttle";

let handle: TestDb;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

const at = (time: string) => new Date(`2026-11-26T${time}Z`);
const db = () => handle.forSite("");

/** A sleeper that only records what it was asked to wait: no test waits, none measures time. */
function recorder() {
  const waits: number[] = [];
  const sleep: Sleep = async (ms) => {
    waits.push(ms);
  };
  return { waits, sleep };
}

async function statusOf(promise: Promise<unknown>): Promise<number | "passed"> {
  try {
    await promise;
    return "passed";
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).status;
  }
}

// Login throttling keys are not a tenant table: the app role with no site reaches them as with any.
describe("login failures within the last hour", () => {
  it("add up across the turn of the hour, and fade as the previous hour leaves the window", async () => {
    const keys = { account: "test:account:turn", address: "test:address:turn" };
    for (let i = 0; i < 10; i++) await recordSignInFailure(db(), keys, at("10:59:00"));
    // A fixed hourly window would start again from zero here.
    expect(await failuresThisHour(db(), keys.account, at("11:00:00"))).toBe(10);
    // Half an hour on, half of the previous hour is still in the window.
    expect(await failuresThisHour(db(), keys.account, at("11:30:00"))).toBe(5);
    for (let i = 0; i < 5; i++) await recordSignInFailure(db(), keys, at("11:30:00"));
    expect(await failuresThisHour(db(), keys.account, at("12:00:00"))).toBe(5);
    expect(await failuresThisHour(db(), keys.account, at("13:00:00"))).toBe(0);
  });

  it("count the account, the pair and the address, each apart", async () => {
    const keys = { account: "test:account:one", address: "test:address:one" };
    await recordSignInFailure(db(), keys, at("09:10:00"));
    for (const key of [keys.account, pairKey(keys), keys.address]) {
      expect(await failuresThisHour(db(), key, at("09:20:00"))).toBe(1);
    }
    expect(await failuresThisHour(db(), "test:account:other", at("09:20:00"))).toBe(0);
  });
});

describe("the account's delay", () => {
  it("is none at first, then rises with the failures, and stops rising at its cap", () => {
    for (const rule of [LOGIN_RULE, TWO_FACTOR_RULE]) {
      expect(accountDelayMs(0, rule)).toBe(0);
      expect(accountDelayMs(rule.delay.free - 1, rule)).toBe(0);
      const delays = Array.from({ length: 200 }, (_, n) => accountDelayMs(n, rule));
      for (let n = 1; n < delays.length; n++) expect(delays[n]).toBeGreaterThanOrEqual(delays[n - 1]!);
      expect(accountDelayMs(rule.delay.free, rule)).toBeGreaterThan(0);
      expect(Math.max(...delays)).toBe(rule.delay.capMs);
    }
  });
});

describe("throttleSignIn", () => {
  it("refuses the address that failed against an account, slows the account for others, never refuses them", async () => {
    const account = "test:account:owner";
    const stranger = { account, address: "test:address:stranger" };
    const owner = { account, address: "test:address:owner" };
    const now = at("15:00:00");
    for (let i = 0; i < LOGIN_RULE.pair; i++) {
      expect(await statusOf(throttleSignIn(db(), stranger, LOGIN_RULE, { now, sleep: recorder().sleep }))).toBe(
        "passed",
      );
      await recordSignInFailure(db(), stranger, now);
    }
    expect(await statusOf(throttleSignIn(db(), stranger, LOGIN_RULE, { now, sleep: recorder().sleep }))).toBe(429);
    // Another address, with no failures of its own, waits the account's delay and is let through.
    const { waits, sleep } = recorder();
    expect(await statusOf(throttleSignIn(db(), owner, LOGIN_RULE, { now, sleep }))).toBe("passed");
    expect(waits).toEqual([accountDelayMs(LOGIN_RULE.pair, LOGIN_RULE)]);
  });

  it("refuses an address that failed too often across accounts", async () => {
    const now = at("16:00:00");
    const address = "test:address:spray";
    for (let i = 0; i < 3; i++) await recordSignInFailure(db(), { account: `test:account:spray${i}`, address }, now);
    const rule = { ...LOGIN_RULE, address: 3 };
    expect(await statusOf(throttleSignIn(db(), { account: "test:account:new", address }, rule, { now }))).toBe(429);
  });
});
