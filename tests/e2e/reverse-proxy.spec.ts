import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  request as playwrightRequest,
} from "@playwright/test";
import pg from "pg";
import { type BuiltServer, freePort, startBuiltServer } from "../../scripts/lib/built-server";
import { CHROMIUM_ARGS, CHROMIUM_TEST_PATH } from "../../scripts/lib/chromium";
import { DEMO, loginAs } from "./account-helpers";
import { car, choosePayMethod, guestCashBooking, optionsUrl, reserveNo, weekend } from "./booking-helpers";
import { expect, expectAccessible, type LocaleCode, test, url } from "./fixtures";
import { msg } from "./search-helpers";

/**
 * The deployment of decision 026, for real: TLS ends at nginx or Caddy (the configurations of
 * deploy/, as the README gives them) in front of two app processes on one PostgreSQL database,
 * balanced round robin; the processes run with TRUST_PROXY=loopback and no PUBLIC_ORIGIN, so every
 * public URL they make comes from the forwarded headers. Chromium reaches `booking.example.com`
 * (mapped to loopback) over https with a certificate made for the test.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const HOST = "booking.example.com";
const SESSION_COOKIE = "sid_sakura";

function missing(binary: string): boolean {
  return !["/usr/sbin", "/usr/bin"].some((dir) => existsSync(path.join(dir, binary)));
}

// Two processes share sessions through the database: PGlite is one process per folder.
test.skip(!ADMIN_URL, "needs PostgreSQL (TEST_DATABASE_URL, which .ci/run sets) for two app processes");
// .ci/run installs both proxies; a developer's machine without them skips, CI never does.
test.skip(
  !process.env.CI && (missing("nginx") || missing("caddy")),
  "needs nginx and caddy (apt-get install nginx-light caddy)",
);
test.describe.configure({ mode: "serial" });
test.use({
  launchOptions: {
    executablePath: CHROMIUM_TEST_PATH,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  },
});

interface Proxy {
  origin: string;
  stop(): Promise<void>;
}

let dir: string;
let database: string;
let apps: BuiltServer[] = [];
let api: APIRequestContext;
const proxies: Partial<Record<"nginx" | "caddy", Proxy>> = {};

/** Runs `command` until stop(); fails with its output if it exits early. */
function daemon(command: string, args: string[], env: Record<string, string> = {}) {
  const child: ChildProcess = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output = (output + d).slice(-4000)));
  child.stderr?.on("data", (d) => (output = (output + d).slice(-4000)));
  return {
    output: () => output,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The status of `https://booking.example.com:port/readyz` on loopback (the test's certificate is not checked). */
function readyStatus(port: number): Promise<number> {
  return new Promise((resolve) => {
    const req = https.get(
      {
        host: "127.0.0.1",
        port,
        path: "/readyz",
        servername: HOST,
        headers: { host: `${HOST}:${port}` },
        rejectUnauthorized: false,
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", () => resolve(0));
  });
}

/** Waits until the proxy answers over TLS (the app behind it included). */
async function waitForProxy(port: number, process: ReturnType<typeof daemon>) {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (process.exited()) throw new Error(`the proxy exited: ${process.output()}`);
    if ((await readyStatus(port)) === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the proxy on ${port} did not answer: ${process.output()}`);
}

const upstreams = () => apps.map((a) => `127.0.0.1:${a.port}`);

/** deploy/nginx.conf with this test's port, certificate and processes, in a main configuration of its own. */
async function startNginx(): Promise<Proxy> {
  const port = await freePort(4390);
  let site = await readFile("deploy/nginx.conf", "utf8");
  site = site
    .replace(/^\s*listen (?:\[::\]:)?80;\n/gm, "")
    .replace(/^\s*listen \[::\]:443 .*\n/gm, "")
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${port} ssl http2;`)
    .replace(/return 301 .*;/, "return 404;")
    .replace(/^(\s*)server 127\.0\.0\.1:3001(.*)\n\s*server 127\.0\.0\.1:3002(.*)\n/m, (_m, indent, a, b) =>
      upstreams()
        .map((u, i) => `${indent}server ${u}${i ? b : a}\n`)
        .join(""),
    )
    .replace("/etc/ssl/certs/booking.example.com.pem", path.join(dir, "cert.pem"))
    .replace("/etc/ssl/private/booking.example.com.key", path.join(dir, "key.pem"));
  expect(site, "the test found the ports and certificate of deploy/nginx.conf").toContain(path.join(dir, "cert.pem"));
  expect(site).toContain(upstreams()[1]);
  const prefix = path.join(dir, "nginx");
  await mkdir(prefix, { recursive: true });
  await chmod(prefix, 0o777);
  await writeFile(path.join(prefix, "site.conf"), site);
  await writeFile(
    path.join(prefix, "nginx.conf"),
    `daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
worker_processes 1;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  # For the test only: which process answered.
  add_header X-Upstream $upstream_addr always;
  include ${prefix}/site.conf;
}
`,
  );
  const nginx = daemon("nginx", ["-p", prefix, "-e", `${prefix}/error.log`, "-c", `${prefix}/nginx.conf`]);
  await waitForProxy(port, nginx);
  return { origin: `https://${HOST}:${port}`, stop: nginx.stop };
}

/** deploy/Caddyfile with this test's address, certificate and processes. */
async function startCaddy(): Promise<Proxy> {
  const port = await freePort(4395);
  let site = await readFile("deploy/Caddyfile", "utf8");
  site = site
    .replace(
      /^booking\.example\.com \{/m,
      `https://${HOST}:${port} {\n\tbind 127.0.0.1\n\ttls ${dir}/cert.pem ${dir}/key.pem`,
    )
    .replace(
      "reverse_proxy 127.0.0.1:3001 127.0.0.1:3002 {",
      `reverse_proxy ${upstreams().join(" ")} {\n\t\theader_down X-Upstream {http.reverse_proxy.upstream.hostport}`,
    );
  expect(site, "the test found the address and processes of deploy/Caddyfile").toContain(upstreams()[1]);
  const config = path.join(dir, "Caddyfile");
  await writeFile(config, `{\n\tadmin off\n\tauto_https disable_redirects\n}\n\n${site}`);
  const caddy = daemon("caddy", ["run", "--config", config, "--adapter", "caddyfile"], {
    XDG_DATA_HOME: path.join(dir, "caddy-data"),
    XDG_CONFIG_HOME: path.join(dir, "caddy-config"),
  });
  await waitForProxy(port, caddy);
  return { origin: `https://${HOST}:${port}`, stop: caddy.stop };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = await mkdtemp(path.join(os.tmpdir(), "rentacar-proxy-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      `/CN=${HOST}`,
      "-addext",
      `subjectAltName=DNS:${HOST}`,
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  database = `rentacar_proxy_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${database}`);
  await admin.query(`create database ${database}`);
  await admin.end();
  const databaseUrl = new URL(ADMIN_URL as string);
  databaseUrl.pathname = `/${database}`;
  // One shared DATA_DIR (licence images); the first process migrates and seeds before the second starts.
  const env = { DATABASE_URL: databaseUrl.toString(), TRUST_PROXY: "loopback", DATA_DIR: path.join(dir, "data") };
  // Ports apart from the other specs' servers (4177 up), which may be starting in another worker.
  apps = [await startBuiltServer({ port: await freePort(4610), readyPath: "/readyz", env })];
  apps.push(await startBuiltServer({ port: await freePort(apps[0]!.port + 1), readyPath: "/readyz", env }));
  api = await playwrightRequest.newContext({ baseURL: apps[0]!.base });
  proxies.nginx = await startNginx();
  proxies.caddy = await startCaddy();
});

test.afterAll(async () => {
  await Promise.all(Object.values(proxies).map((p) => p?.stop()));
  await Promise.all(apps.map((a) => a.stop()));
  await api?.dispose();
  if (ADMIN_URL && database) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A browser context on the public origin; records which processes answered its requests. */
async function publicContext(browser: Browser, origin: string) {
  const context = await browser.newContext({ baseURL: origin, ignoreHTTPSErrors: true });
  await context.route(/googletagmanager\.com/, (route) => route.abort());
  const answeredBy = new Set<string>();
  context.on("response", (response) => {
    const upstream = response.headers()["x-upstream"];
    if (upstream) answeredBy.add(upstream);
  });
  return { context, answeredBy };
}

/**
 * My Page fetched by the page itself, one request at a time, with the browser's cookies: round
 * robin sends them to each process in turn, and every one must answer for the signed-in member.
 */
async function signedInOnEveryProcess(page: Page, path: string, member: string) {
  const answers = await page.evaluate(async (target) => {
    const seen: { upstream: string | null; html: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await fetch(target, { credentials: "same-origin" });
      seen.push({ upstream: response.headers.get("x-upstream"), html: await response.text() });
    }
    return seen;
  }, path);
  for (const answer of answers) expect(answer.html, `answered by ${answer.upstream}`).toContain(member);
  expect([...new Set(answers.map((a) => a.upstream))].sort()).toEqual(upstreams().sort());
}

/** Every cookie the browser holds for the public host is Secure. */
async function expectSecureCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  expect(cookies.map((c) => c.name)).toContain("csrf");
  for (const cookie of cookies) expect(cookie.secure, cookie.name).toBe(true);
}

/** The newest outbox mail to `to`, read from a process directly (the outbox page answers loopback only). */
async function mailTo(siteId: string, to: string) {
  let text = "";
  await expect
    .poll(async () => {
      const res = await api.get(`/_dev/mail.json?${new URLSearchParams({ site: siteId, to })}`);
      text = ((await res.json()) as { mails: { text: string }[] }).mails[0]?.text ?? "";
      return text;
    })
    .not.toBe("");
  return text;
}

test("through nginx: a guest books a car; the completion, cookies and canonical URL show the public origin", async ({
  browser,
}) => {
  const origin = (proxies.nginx as Proxy).origin;
  const { context, answeredBy } = await publicContext(browser, origin);
  const page = await context.newPage();
  const locale: LocaleCode = "ja";

  const top = await page.goto(url(locale, "sakura"));
  expect(top?.headers()["strict-transport-security"]).toContain("max-age=");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/sakura`);
  const email = `proxy-guest-${Date.now()}@example.com`;
  const no = await guestCashBooking(page, locale, optionsUrl(locale, await car(api, 0), weekend(1)), email);
  expect(page.url().startsWith(`${origin}/sakura/reserve/completed`)).toBe(true);
  await expect(page.getByTestId("reserve-no")).toHaveText(no);
  await expectSecureCookies(context);
  expect([...answeredBy].sort()).toEqual(upstreams().sort());
  const mail = await mailTo("sakura", email);
  expect(mail).toContain(no);
  expect(mail).not.toContain("127.0.0.1");
  await context.close();
});

test("through nginx: a member logs in on either process, books, and logs out", async ({ browser }) => {
  const origin = (proxies.nginx as Proxy).origin;
  const { context } = await publicContext(browser, origin);
  const page = await context.newPage();
  const locale: LocaleCode = "en";

  await loginAs(page, locale, DEMO.sakuraHanako.siteId, DEMO.sakuraHanako.email);
  await expectSecureCookies(context);
  expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
  // The session lives in the database: whichever process answers, the member is signed in.
  await signedInOnEveryProcess(page, url(locale, "sakura", "/mypage"), "山田 花子");

  await page.goto(optionsUrl(locale, await car(api, 1), weekend(2)));
  await page.getByTestId("options-next").click();
  await expect(page).toHaveURL(/\/en\/sakura\/reserve\/user$/);
  await page.getByTestId("customer-submit").click();
  await expect(page).toHaveURL(/\/en\/sakura\/reserve\/confirm$/);
  await choosePayMethod(page, 2);
  await page.getByTestId("confirm-submit").click();
  const no = await reserveNo(page, locale);
  const mail = await mailTo("sakura", DEMO.sakuraHanako.email);
  expect(mail).toContain(no);
  expect(mail).toContain(`${origin}/en/sakura/mypage/reserves/`);

  await page.goto(url(locale, "sakura", "/mypage"));
  await page.getByTestId("logout").click();
  await expect(page.getByTestId("flash")).toContainText(msg(locale, "logout.flash"));
  expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  await expectAccessible(page);
  await context.close();
});

test("through Caddy: a member logs in and out in Korean, signed in on both processes", async ({ browser }) => {
  const origin = (proxies.caddy as Proxy).origin;
  const { context } = await publicContext(browser, origin);
  const page = await context.newPage();
  const locale: LocaleCode = "ko";

  const top = await page.goto(url(locale, "sakura"));
  expect(top?.headers()["strict-transport-security"]).toContain("max-age=");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/kr/sakura`);
  await loginAs(page, locale, DEMO.sakuraCorp.siteId, DEMO.sakuraCorp.email);
  await expectSecureCookies(context);
  await signedInOnEveryProcess(page, url(locale, "sakura", "/mypage"), "株式会社サンプル商事");
  await page.goto(url(locale, "sakura", "/mypage"));
  await page.getByTestId("logout").click();
  await expect(page.getByTestId("flash")).toContainText(msg(locale, "logout.flash"));
  expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  await context.close();
});
