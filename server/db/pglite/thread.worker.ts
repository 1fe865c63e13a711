// PGlite's thread (thread.ts): opens the database, then answers the server's messages in order.
import { parentPort, workerData } from "node:worker_threads";
import { PgliteConnection } from "./connection";
import { startPglite } from "./start";
import { leanQuery } from "./statements";
import { type FromThread, sendable, type ToThread } from "./thread";

const port = parentPort;
if (!port) throw new Error("pglite/thread.worker runs as a worker thread");
const answer = (message: FromThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

try {
  const client = await startPglite({ dataDir: (workerData as { dataDir: string }).dataDir });
  const connection = new PgliteConnection(leanQuery(client));
  const run = (message: ToThread): Promise<unknown> => {
    if (message.op === "run") return connection.run(message.statement);
    if (message.op === "dump")
      return connection.exclusive(async () => (await client.dumpDataDir("gzip")).arrayBuffer());
    return connection.exclusive(() => client.close()).then(() => null);
  };
  port.on("message", (message: ToThread) => {
    run(message)
      .then(
        (value) => answer({ id: message.id, value }, value instanceof ArrayBuffer ? [value] : []),
        (error) => answer({ id: message.id, error: sendable(error) }),
      )
      .finally(() => {
        if (message.op === "close") port.close();
      });
  });
  answer({ id: 0, value: null });
} catch (error) {
  answer({ id: 0, error: sendable(error) });
  port.close();
}
