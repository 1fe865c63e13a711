import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../tests/setup/test-db";
import type { DbHandle } from "../db/client";
import { failuresThisHour, isLoginThrottled, LOGIN_LIMITS, recordLoginFailure } from "./throttle";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

const at = (time: string) => new Date(`2026-11-26T${time}Z`);

describe("login failures within the last hour", () => {
  it("add up across the turn of the hour, and fade as the previous hour leaves the window", async () => {
    const keys = { account: "test:account:turn", address: "test:address:turn" };
    for (let i = 0; i < LOGIN_LIMITS.account; i++) await recordLoginFailure(handle.db, keys, at("10:59:00"));
    expect(await isLoginThrottled(handle.db, keys, at("10:59:30"))).toBe(true);
    // A fixed hourly window would start again from zero here.
    expect(await isLoginThrottled(handle.db, keys, at("11:00:00"))).toBe(true);
    expect(await failuresThisHour(handle.db, keys.account, at("11:00:00"))).toBe(LOGIN_LIMITS.account);
    // Half an hour on, half of the previous hour is still in the window.
    expect(await failuresThisHour(handle.db, keys.account, at("11:30:00"))).toBe(LOGIN_LIMITS.account / 2);
    expect(await isLoginThrottled(handle.db, keys, at("11:30:00"))).toBe(false);
    // Failures now count in full beside what is left of the previous hour.
    for (let i = 0; i < LOGIN_LIMITS.account / 2; i++) await recordLoginFailure(handle.db, keys, at("11:30:00"));
    expect(await isLoginThrottled(handle.db, keys, at("11:30:00"))).toBe(true);
    expect(await failuresThisHour(handle.db, keys.account, at("12:00:00"))).toBe(LOGIN_LIMITS.account / 2);
    expect(await failuresThisHour(handle.db, keys.account, at("13:00:00"))).toBe(0);
  });

  it("count each key apart", async () => {
    const keys = { account: "test:account:one", address: "test:address:one" };
    await recordLoginFailure(handle.db, keys, at("09:10:00"));
    expect(await failuresThisHour(handle.db, keys.account, at("09:20:00"))).toBe(1);
    expect(await failuresThisHour(handle.db, "test:account:other", at("09:20:00"))).toBe(0);
  });
});
