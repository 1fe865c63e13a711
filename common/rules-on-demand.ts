/**
 * Rules the browser fetches after the page (decision 038): the phone rules
 * (common/phone-rules.browser.ts). `load` is an `import()`, so the module leaves the page's own
 * scripts. Until it is here a check throws RulesPending, which the forms' validation waits for. A
 * chunk that fails meanwhile keeps the page (`pageKept`, which the root's reload for a missing
 * chunk reads): the form then goes to the server, which checks it with the same messages and keeps
 * what was typed.
 */

/** A check asked for before its rules arrived: `ready` settles when the fetch does. The server never throws it. */
export class RulesPending extends Error {
  constructor(readonly ready: Promise<void>) {
    super("the form's rules are still loading");
    this.name = "RulesPending";
  }
}

let fetchesKeepingThePage = 0;

/** Whether a chunk's failure now belongs to a fetch of rules (the page then stays, and the form with it). */
export function pageKept(): boolean {
  return fetchesKeepingThePage > 0;
}

/** A module of rules that the browser fetches after the page. */
export interface RulesOnDemand<M> {
  /** Starts the fetch, once; a failed fetch may be tried again. */
  load(): Promise<void>;
  /** The module, or RulesPending (with the fetch under way) until it is here. */
  get(): M;
}

export function rulesOnDemand<M>(load: () => Promise<M>): RulesOnDemand<M> {
  let module: M | undefined;
  let loading: Promise<void> | null = null;
  const start = (): Promise<void> => {
    if (!loading) {
      fetchesKeepingThePage++;
      loading = load()
        .then((loaded) => {
          // A failure the page's listener kept quiet arrives as no module at all.
          if (!loaded) throw new Error("the rules could not be fetched");
          module = loaded;
        })
        .finally(() => {
          fetchesKeepingThePage--;
        });
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };
  return {
    load: start,
    get() {
      if (module === undefined) throw new RulesPending(start());
      return module;
    },
  };
}
