/**
 * Turns an error that stops the start into one line an operator can act on (issue 10): what went
 * wrong and which variable to fix. Pure: the phases that need context (opening DATA_DIR, listening)
 * wrap their errors in a StartupPhaseError; everything else is told apart by its code.
 */

/** The variables a start failure may name; Config and process.env both fit. */
export interface StartupSettings {
  DATABASE_URL?: string;
  DATABASE_APP_URL?: string;
  DATA_DIR?: string;
  PORT?: string | number;
  HOST?: string;
}

type Phase = { kind: "data-dir"; dataDir: string } | { kind: "listen"; port: number; host: string };

/** An error from a start phase whose context the bare error lacks (the folder, the port and host). */
export class StartupPhaseError extends Error {
  constructor(
    readonly phase: Phase,
    cause: unknown,
  ) {
    super(`${phase.kind} failed: ${messageOf(cause)}`, { cause });
    this.name = "StartupPhaseError";
  }
}

interface ErrorLike {
  name?: string;
  message?: string;
  code?: string;
  syscall?: string;
  hostname?: string;
  address?: string;
  port?: number;
  query?: string;
  cause?: unknown;
  errors?: unknown[];
}

const UNREACHABLE_REASON: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "unknown host",
  EAI_AGAIN: "host name lookup failed",
  ETIMEDOUT: "timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ECONNRESET: "connection reset",
};
const UNREACHABLE = new Set(Object.keys(UNREACHABLE_REASON));
/** SQLSTATEs (and PGlite aborts) that mean the embedded database's files are damaged. */
const CORRUPT = new Set(["XX001", "XX002", "58030", "58P01", "58P02"]);

export function describeStartupError(err: unknown, env: StartupSettings | NodeJS.ProcessEnv = {}): string {
  const settings = env as StartupSettings;
  const chain = causes(err);
  const phase = chain.find((e): e is StartupPhaseError => e instanceof StartupPhaseError)?.phase;
  const inner = chain.filter((e) => !(e instanceof StartupPhaseError));

  const own = inner.find((e) => e.name === "ConfigError" || e.name === "DataDirInUseError");
  if (own) return oneLine(own.message ?? "");
  if (phase?.kind === "listen") return listenFailure(inner, phase.port, phase.host);
  const listen = inner.find((e) => e.syscall === "listen");
  if (listen) return listenFailure(inner, listen.port ?? Number(settings.PORT ?? 3000), settings.HOST ?? "0.0.0.0");

  const missingBuild = inner.find((e) => e.code === "ERR_MODULE_NOT_FOUND" && /build[\\/]server/.test(e.message ?? ""));
  if (missingBuild) return "The build is missing (build/server): run `npm run build`, or start with `npm start`";

  if (settings.DATABASE_URL) {
    const line = postgresFailure(inner, settings);
    if (line) return line;
  } else if (phase?.kind === "data-dir" || pgliteDamage(inner)) {
    return dataDirFailure(inner, phase?.kind === "data-dir" ? phase.dataDir : (settings.DATA_DIR ?? "./data"));
  }
  return `Cannot start: ${oneLine(innermost(inner)?.message ?? String(err))}`;
}

function listenFailure(chain: ErrorLike[], port: number, host: string): string {
  const code = chain.find((e) => e.code)?.code;
  if (code === "EADDRINUSE") return `PORT ${port} is already in use on ${host}: stop the other process or set PORT`;
  if (code === "EACCES") return `PORT ${port} needs privileges to listen on ${host}: set PORT to 1024 or above`;
  const reason =
    code === "ENOTFOUND" || code === "EAI_AGAIN"
      ? "no such host"
      : chain.some((e) => e.name === "TimeoutError")
        ? "no such host: the name lookup did not answer in time"
        : code === "EADDRNOTAVAIL"
          ? "not an address of this machine"
          : oneLine(innermost(chain)?.message ?? "unknown error");
  return `Cannot listen on HOST ${host} (${reason}): set HOST to an address of this machine, such as 0.0.0.0 or 127.0.0.1`;
}

function postgresFailure(chain: ErrorLike[], settings: StartupSettings): string | undefined {
  const pgError = chain.find((e) => e.code && (UNREACHABLE.has(e.code) || /^[0-9A-Z]{5}$/.test(e.code)));
  if (!pgError?.code) return undefined;
  const code = pgError.code;
  const variable = whichUrl(pgError, settings);
  const where = describeUrl(settings[variable]);
  const failedQuery = chain.find((e) => typeof e.query === "string")?.query ?? "";
  if (/btree_gist/i.test(`${pgError.message} ${failedQuery}`)) {
    return `PostgreSQL at ${where} cannot create the btree_gist extension (${oneLine(pgError.message ?? code)}): install PostgreSQL's contrib package or run CREATE EXTENSION btree_gist as a superuser in the database named by ${variable}`;
  }
  if (UNREACHABLE.has(code)) {
    return `Cannot reach PostgreSQL at ${where} (${UNREACHABLE_REASON[code]}): check ${variable}`;
  }
  if (code === "3D000") return `PostgreSQL database ${where} does not exist: create it or fix ${variable}`;
  const user = userOf(settings[variable]);
  if (code === "28P01") return `PostgreSQL refused the password of user ${user} at ${where}: fix ${variable}`;
  if (code === "28000") {
    return `PostgreSQL refused the login of user ${user} at ${where} (${oneLine(pgError.message ?? code)}): fix ${variable}`;
  }
  if (code === "42501") {
    return `PostgreSQL user ${user} lacks a privilege at ${where} (${oneLine(pgError.message ?? code)}): grant it, or set ${variable} to the database owner's login`;
  }
  return undefined;
}

function dataDirFailure(chain: ErrorLike[], dataDir: string): string {
  const err = innermost(chain);
  const code = chain.find((e) => e.code)?.code;
  if (chain.some((e) => e.name === "TimeoutError")) {
    return `DATA_DIR ${dataDir} did not answer in time (${oneLine(err?.message ?? "timeout")}): set DATA_DIR to a writable local folder`;
  }
  if (code && /^E[A-Z]+$/.test(code)) {
    return `DATA_DIR ${dataDir} is not a usable folder (${oneLine(err?.message ?? code)}): set DATA_DIR to a writable folder`;
  }
  const reason = pgliteAborted(chain) ? "PGlite aborted" : oneLine(err?.message ?? "unknown error");
  return `DATA_DIR ${dataDir}: the embedded database cannot be opened, its files may be damaged (${reason}): restore a backup with \`npm run db:restore\` or set DATA_DIR to another folder`;
}

function pgliteAborted(chain: ErrorLike[]): boolean {
  return chain.some(
    (e) =>
      e.name === "RuntimeError" ||
      /^Aborted\(/.test(e.message ?? "") ||
      /PGlite failed to initialize/.test(e.message ?? ""),
  );
}

function pgliteDamage(chain: ErrorLike[]): boolean {
  return pgliteAborted(chain) || chain.some((e) => e.code !== undefined && CORRUPT.has(e.code));
}

/** DATABASE_APP_URL when the error names its user, database or port and not DATABASE_URL's. */
function whichUrl(err: ErrorLike, settings: StartupSettings): "DATABASE_URL" | "DATABASE_APP_URL" {
  const app = parse(settings.DATABASE_APP_URL);
  const owner = parse(settings.DATABASE_URL);
  if (!app || !owner) return "DATABASE_URL";
  const matches = (u: URL) =>
    (err.port !== undefined && String(err.port) === (u.port || "5432") && err.address !== undefined) ||
    (err.message ?? "").includes(`"${decodeURIComponent(u.username)}"`) ||
    (err.message ?? "").includes(`"${databaseOf(u)}"`);
  return matches(app) && !matches(owner) ? "DATABASE_APP_URL" : "DATABASE_URL";
}

/** `host:port/db`, never the password. */
function describeUrl(url: string | undefined): string {
  const u = parse(url);
  if (!u) return "the configured server";
  return `${u.hostname || "localhost"}:${u.port || "5432"}/${databaseOf(u)}`;
}

function userOf(url: string | undefined): string {
  const u = parse(url);
  return u?.username ? `"${decodeURIComponent(u.username)}"` : "(default)";
}

function databaseOf(u: URL): string {
  return decodeURIComponent(u.pathname.replace(/^\//, "")) || decodeURIComponent(u.username) || "postgres";
}

function parse(url: string | undefined): URL | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  return new URL(url);
}

/** The error and its causes, outermost first; an AggregateError contributes its first error. */
function causes(err: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  let current: unknown = err;
  while (current && typeof current === "object" && chain.length < 10 && !chain.includes(current as ErrorLike)) {
    const e = current as ErrorLike;
    chain.push(e);
    current = e.cause ?? (Array.isArray(e.errors) ? e.errors[0] : undefined);
  }
  return chain;
}

function innermost(chain: ErrorLike[]): ErrorLike | undefined {
  return [...chain].reverse().find((e) => e.message);
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function oneLine(text: string): string {
  return (text.split("\n")[0] ?? "").trim();
}
