/**
 * `work`, or a `TimeoutError` naming `what` after `ms`. The work itself is not stopped (a DNS
 * lookup cannot be): the caller stops waiting, so a hung call is bounded where it is awaited.
 */
export function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new Error(`${what} took more than ${ms / 1000} s`);
      err.name = "TimeoutError";
      reject(err);
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
