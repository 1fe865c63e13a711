import type { Server } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "#server/logger";

/** How long in-flight requests may take to finish after SIGTERM or SIGINT. */
export const STOP_GRACE_MS = 10_000;
/** A kept-alive connection quiet this long after a stop began has no request coming: close it. */
const QUIET_MS = 2000;

interface Connection {
  busy: number;
  quietSince: number;
}

/**
 * A graceful stop (decision 023): stop accepting connections, let requests in flight finish (at
 * most `graceMs`), then release the rest (mail relay, database). While it runs, `/readyz` answers
 * 503 and every answer closes its connection. A kept-alive connection is closed only after it has
 * been quiet for a moment, so a client is never cut while its next request is on the wire.
 */
export function gracefulStop(logger: Logger, graceMs = STOP_GRACE_MS) {
  let stopping = false;
  const connections = new Map<Socket, Connection>();
  const inFlight = () => [...connections.values()].reduce((n, c) => n + c.busy, 0);
  return {
    stopping: () => stopping,
    /** Follows every connection and its requests, from arrival until the response is sent or abandoned. */
    track(server: Server) {
      server.on("connection", (socket: Socket) => {
        connections.set(socket, { busy: 0, quietSince: Date.now() });
        socket.once("close", () => connections.delete(socket));
      });
      server.on("request", (request, response) => {
        const connection = connections.get(request.socket);
        if (!connection) return;
        if (stopping) response.setHeader("Connection", "close");
        connection.busy++;
        response.once("close", () => {
          connection.busy--;
          connection.quietSince = Date.now();
        });
      });
    },
    async stop(server: Server, signal: string, release: () => Promise<void>) {
      if (stopping) return;
      stopping = true;
      logger.info({ signal, inFlight: inFlight() }, "stopping: finishing requests in flight");
      // net.Server's close only stops listening; http.Server's would also cut kept-alive connections
      // at once, including one whose next request is already in its socket, unread.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      const deadline = Date.now() + graceMs;
      while (connections.size > 0 && Date.now() < deadline) {
        const now = Date.now();
        for (const [socket, c] of connections) if (c.busy === 0 && now - c.quietSince >= QUIET_MS) socket.destroy();
        await sleep(20);
      }
      if (connections.size > 0) {
        logger.warn({ inFlight: inFlight() }, "stopping: grace period over, closing the remaining connections");
        for (const socket of connections.keys()) socket.destroy();
      }
      await closed;
      await release();
      logger.info("stopped");
    },
  };
}
