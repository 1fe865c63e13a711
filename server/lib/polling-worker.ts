import type { Logger } from "#server/logger";

/**
 * A background worker that drains a queue in the database (the mail relay, webhook deliveries):
 * runs `batch()` at once, then every `intervalMs`, or at once again while a full batch went out.
 * A failed run is logged by its SQLSTATE only: a failed query's message lists its parameters
 * (addresses, payloads). `stop()` waits for the run in progress.
 */
export function startPollingWorker(options: {
  /** One run; answers how many rows it handled. */
  batch: () => Promise<number>;
  /** Rows a full batch holds: a full one is followed by another at once. */
  batchSize: number;
  intervalMs: number;
  logger: Logger;
  /** The log line of a failed run ("mail relay run failed"). */
  failure: string;
}): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = () => {
    running = (async () => {
      let again = false;
      try {
        again = (await options.batch()) >= options.batchSize;
      } catch (err) {
        const code = (err as { cause?: { code?: unknown } })?.cause?.code;
        options.logger.error({ code: typeof code === "string" ? code : undefined }, options.failure);
      }
      if (!stopped) timer = setTimeout(tick, again ? 0 : options.intervalMs);
    })();
  };
  timer = setTimeout(tick, 0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
