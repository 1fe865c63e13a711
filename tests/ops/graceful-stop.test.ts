import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "#server/db/client";
import { DEMO_PASSWORD } from "#server/db/seed/demo-members";
import { freePort } from "../../scripts/lib/built-server";

// Runs the built server (npm test builds before Vitest): SIGTERM in the middle of a bounded load.
// The first free port from 4760: on a shared machine another checkout's run may hold 4760 itself.
let PORT = 4760;
let BASE = `http://127.0.0.1:${PORT}`;
let dataDir: string;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request; `agent` keeps its connection alive, as a browser or a load balancer does, so a
 * connection refused after the stop is told apart from a request dropped in flight.
 */
function request(
  method: string,
  pathname: string,
  headers: Record<string, string> = {},
  body?: string,
  agent: http.Agent | false = false,
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${BASE}${pathname}`, { method, headers, agent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

function startServer(): ChildProcess {
  return spawn(process.execPath, ["build/server/main.js"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

async function waitReady() {
  for (let i = 0; i < 240; i++) {
    const ready = await request("GET", "/readyz").catch(() => null);
    if (ready?.status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not become ready");
}

beforeAll(async () => {
  PORT = await freePort(4760);
  BASE = `http://127.0.0.1:${PORT}`;
  dataDir = await mkdtemp(path.join(os.tmpdir(), "rentacar-stop-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe("graceful stop", () => {
  it("finishes every request in flight on SIGTERM, refuses new connections, and the next start finds every acknowledged write", async () => {
    const server = startServer();
    let output = "";
    server.stdout?.on("data", (d) => (output += d));
    server.stderr?.on("data", (d) => (output += d));
    await waitReady();

    const login = await request("GET", "/sakura/login");
    const token = /csrf=([^;]+)/.exec(String(login.headers["set-cookie"]))?.[1] ?? "";
    expect(token).not.toBe("");
    const form = new URLSearchParams({ _csrf: token, email: "hanako@example.com", password: DEMO_PASSWORD }).toString();
    const loginHeaders = {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `csrf=${token}`,
      origin: BASE,
    };

    // Each worker loops on its kept-alive connection until a new connection is refused: logins
    // (Argon2, a session row each) and pages.
    let signalled = false;
    let sessionsAcknowledged = 0;
    const failures: string[] = [];
    const answeredAfterSignal: number[] = [];
    const worker = async (n: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 0; ; i++) {
        try {
          const answer =
            (n + i) % 2 === 0
              ? await request("POST", "/sakura/login", loginHeaders, form, agent)
              : await request("GET", i % 3 ? "/sakura" : "/en/sakura/store", {}, undefined, agent);
          if (answer.status >= 500) failures.push(`${answer.status}`);
          if (answer.status === 302 && String(answer.headers["set-cookie"]).includes("sid_sakura="))
            sessionsAcknowledged++;
          if (signalled) answeredAfterSignal.push(answer.status);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          // Refused at connect after the listener closed: not in flight, the load is over.
          if (signalled && code === "ECONNREFUSED") break;
          failures.push(code ?? String(error));
          break;
        }
      }
      agent.destroy();
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, n) => worker(n)));
    await new Promise((r) => setTimeout(r, 1500));
    signalled = true;
    server.kill("SIGTERM");
    const [code] = await once(server, "exit");
    await load;

    expect(failures).toEqual([]);
    expect(code).toBe(0);
    // Requests already accepted when the signal came were answered, not cut.
    expect(answeredAfterSignal.length).toBeGreaterThan(0);
    expect(sessionsAcknowledged).toBeGreaterThan(0);
    expect(output).not.toMatch(/"level":50/);

    // The data folder opens cleanly and holds every session whose login was answered.
    const handle = await openPglite({ dataDir: path.join(dataDir, "pglite") });
    const result = (await handle.db.execute(
      sql`select count(*)::int as n from sessions where site_id = 'sakura'`,
    )) as unknown as { rows: { n: number }[] };
    await handle.close();
    expect(result.rows[0]?.n).toBeGreaterThanOrEqual(sessionsAcknowledged);

    const again = startServer();
    try {
      await waitReady();
      expect((await request("GET", "/sakura")).status).toBe(200);
    } finally {
      again.kill("SIGTERM");
      await once(again, "exit");
    }
  }, 90_000);
});
