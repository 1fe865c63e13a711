import { describe, expect, it } from "vitest";
import { pageKept, RulesPending, rulesOnDemand } from "./rules-on-demand";

/** A fetch the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function pendingOf(get: () => unknown): RulesPending {
  try {
    get();
  } catch (error) {
    if (error instanceof RulesPending) return error;
    throw error;
  }
  throw new Error("the rules were already here");
}

describe("rulesOnDemand", () => {
  it("fetches once, keeps the page meanwhile, and hands out the module once it is here", async () => {
    const fetches: ReturnType<typeof deferred<{ answer: number }>>[] = [];
    const rules = rulesOnDemand(() => {
      fetches.push(deferred());
      return (fetches.at(-1) as (typeof fetches)[number]).promise;
    });
    const pending = pendingOf(rules.get);
    expect(rules.load()).toBe(rules.load());
    expect(fetches).toHaveLength(1);
    expect(pageKept()).toBe(true);
    fetches[0]?.resolve({ answer: 42 });
    await pending.ready;
    expect(pageKept()).toBe(false);
    expect(rules.get().answer).toBe(42);
  });

  it("reports a failed fetch (or one the page's listener kept quiet) and tries again on the next need", async () => {
    const answers: (() => Promise<{ answer: number } | undefined>)[] = [
      () => Promise.reject(new Error("Failed to fetch dynamically imported module")),
      () => Promise.resolve(undefined),
      () => Promise.resolve({ answer: 7 }),
    ];
    const rules = rulesOnDemand(() => (answers.shift() as (typeof answers)[number])());
    await expect(pendingOf(rules.get).ready).rejects.toThrow();
    expect(pageKept()).toBe(false);
    await expect(pendingOf(rules.get).ready).rejects.toThrow("could not be fetched");
    await pendingOf(rules.get).ready;
    expect(rules.get()?.answer).toBe(7);
    expect(answers).toHaveLength(0);
  });
});
