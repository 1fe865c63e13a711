// Caddy in front of a built server, configured from deploy/Caddyfile as a deployment runs it: TLS
// (a throwaway self-signed certificate) and so HTTP/2, for benches that should see what a visitor's
// browser gets rather than the app's own HTTP/1.1 listener.
import { execFileSync, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { get } from "node:https";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/lib/built-server";
import { sleep } from "./server";

export interface Proxy {
  /** `https://127.0.0.1:PORT`; its certificate is self-signed. */
  origin: string;
  stop(): Promise<void>;
}

/** Starts Caddy on a free loopback port, passing every request to `upstream` (`http://127.0.0.1:PORT`). */
export async function startCaddy(upstream: string): Promise<Proxy> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "rentacar-bench-caddy-"));
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"],
      ...["-addext", "subjectAltName=IP:127.0.0.1", "-keyout", `${dir}/key.pem`, "-out", `${dir}/cert.pem`],
    ],
    { stdio: "ignore" },
  );
  const port = await freePort(4440);
  const site = (await readFile("deploy/Caddyfile", "utf8"))
    .replace(
      /^booking\.example\.com \{/m,
      `https://127.0.0.1:${port} {\n\tbind 127.0.0.1\n\ttls ${dir}/cert.pem ${dir}/key.pem`,
    )
    .replace(/reverse_proxy 127\.0\.0\.1:3001 127\.0\.0\.1:3002 \{/, `reverse_proxy ${new URL(upstream).host} {`);
  if (!site.includes(`reverse_proxy ${new URL(upstream).host}`))
    throw new Error("deploy/Caddyfile: no reverse_proxy line to point at the bench's server");
  const config = path.join(dir, "Caddyfile");
  await writeFile(config, `{\n\tadmin off\n\tauto_https disable_redirects\n}\n\n${site}`);
  const caddy = spawn("caddy", ["run", "--config", config, "--adapter", "caddyfile"], {
    env: { ...process.env, XDG_DATA_HOME: `${dir}/data`, XDG_CONFIG_HOME: `${dir}/config` },
    stdio: "ignore",
  });
  const stop = async () => {
    caddy.kill("SIGTERM");
    await rm(dir, { recursive: true, force: true });
  };
  const origin = `https://127.0.0.1:${port}`;
  // Caddy's health checks ask the server's /readyz first: wait until a page comes through.
  for (let i = 0; i < 80; i++) {
    if (caddy.exitCode !== null) break;
    if ((await statusOf(`${origin}/readyz`)) === 200) return { origin, stop };
    await sleep(250);
  }
  await stop();
  throw new Error(`Caddy did not answer at ${origin} (is caddy installed? apt-get install caddy)`);
}

/** The status of a GET through the proxy (its certificate unchecked), 0 when it cannot be reached. */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    get(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on("error", () => resolve(0));
  });
}
