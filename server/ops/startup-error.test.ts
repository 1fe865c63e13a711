import { once } from "node:events";
import net from "node:net";
import { describe, expect, it, vi } from "vitest";
import { loadConfig } from "#server/config";
import { DataDirInUseError } from "./data-dir-lock";
import { HOST_LOOKUP_MS, listenAddress, listening, openDatabase, portAvailable } from "./startup-checks";
import { describeStartupError, StartupPhaseError } from "./startup-error";

const PG = { DATABASE_URL: "postgres://rentacar:s3cret-pw@db.example:6543/rentals" };

/** What drizzle throws when a migration's first query fails: the driver's error is the cause. */
function failedQuery(cause: unknown, query = 'CREATE SCHEMA IF NOT EXISTS "drizzle"') {
  return Object.assign(new Error(`Failed query: ${query}\nparams: `, { cause }), { name: "DrizzleQueryError", query });
}

function errno(code: string, fields: Record<string, unknown> = {}) {
  return Object.assign(new Error(`${fields.syscall ?? "connect"} ${code}`), { code, ...fields });
}

function pgError(code: string, message: string) {
  return Object.assign(new Error(message), { name: "error", code, severity: "FATAL" });
}

function expectOneLine(line: string, variable: string) {
  expect(line).toContain(variable);
  expect(line).not.toContain("\n");
  expect(line).not.toContain("s3cret-pw");
}

describe("PostgreSQL failures name DATABASE_URL, with host:port/db and never the password", () => {
  it("connection refused", () => {
    const line = describeStartupError(
      failedQuery(errno("ECONNREFUSED", { address: "10.0.0.5", port: 6543, syscall: "connect" })),
      PG,
    );
    expectOneLine(line, "DATABASE_URL");
    expect(line).toContain("db.example:6543/rentals");
    expect(line).toContain("connection refused");
    expect(line).not.toContain("Failed query");
  });

  it("an unknown host, behind an AggregateError (happy eyeballs)", () => {
    const inner = errno("ENOTFOUND", { syscall: "getaddrinfo", hostname: "db.example" });
    const line = describeStartupError(failedQuery(new AggregateError([inner], "")), PG);
    expectOneLine(line, "DATABASE_URL");
    expect(line).toContain("unknown host");
  });

  it("a missing database (3D000)", () => {
    const line = describeStartupError(failedQuery(pgError("3D000", 'database "rentals" does not exist')), PG);
    expectOneLine(line, "DATABASE_URL");
    expect(line).toMatch(/db\.example:6543\/rentals does not exist/);
  });

  it("a wrong password (28P01) or a refused login (28000)", () => {
    const wrong = describeStartupError(
      failedQuery(pgError("28P01", 'password authentication failed for user "rentacar"')),
      PG,
    );
    expectOneLine(wrong, "DATABASE_URL");
    expect(wrong).toContain('password of user "rentacar"');
    const refused = describeStartupError(
      pgError("28000", 'no pg_hba.conf entry for host "10.0.0.9", user "rentacar", database "rentals", no encryption'),
      PG,
    );
    expectOneLine(refused, "DATABASE_URL");
    expect(refused).toContain("pg_hba.conf");
  });

  it("names DATABASE_APP_URL when the refused user is the app's login", () => {
    const line = describeStartupError(pgError("28P01", 'password authentication failed for user "rentacar_app"'), {
      ...PG,
      DATABASE_APP_URL: "postgres://rentacar_app:other-secret@db.example:6543/rentals",
    });
    expectOneLine(line, "DATABASE_APP_URL");
    expect(line).not.toContain("other-secret");
  });

  it("btree_gist that cannot be created", () => {
    const query = "CREATE EXTENSION IF NOT EXISTS btree_gist;";
    for (const cause of [
      pgError("0A000", 'extension "btree_gist" is not available'),
      pgError("58P01", 'could not open extension control file "/usr/share/postgresql/15/extension/btree_gist.control"'),
      pgError("42501", "permission denied to create extension"),
    ]) {
      const line = describeStartupError(failedQuery(cause, query), PG);
      expectOneLine(line, "DATABASE_URL");
      expect(line).toContain("btree_gist");
    }
  });
});

describe("listen failures", () => {
  it("a port in use names PORT", () => {
    const err = errno("EADDRINUSE", { syscall: "listen", address: "127.0.0.1", port: 4600 });
    const line = describeStartupError(new StartupPhaseError({ kind: "listen", port: 4600, host: "127.0.0.1" }, err));
    expectOneLine(line, "PORT");
    expect(line).toContain("4600");
  });

  it("an unresolvable or foreign HOST names HOST", () => {
    for (const err of [
      errno("ENOTFOUND", { syscall: "getaddrinfo", hostname: "no-such-host.invalid" }),
      errno("EAI_AGAIN", { syscall: "getaddrinfo", hostname: "no-such-host.invalid" }),
      errno("EADDRNOTAVAIL", { syscall: "listen", address: "10.255.0.1", port: 4600 }),
    ]) {
      const line = describeStartupError(
        new StartupPhaseError({ kind: "listen", port: 4600, host: "no-such-host.invalid" }, err),
        PG,
      );
      expectOneLine(line, "HOST");
      expect(line).not.toContain("DATABASE_URL");
    }
  });

  it("a listen error without its phase is still told from a database error", () => {
    const line = describeStartupError(errno("EADDRINUSE", { syscall: "listen", port: 3000 }), { PORT: "3000" });
    expectOneLine(line, "PORT");
  });
});

describe("DATA_DIR failures", () => {
  const phase = { kind: "data-dir", dataDir: "/srv/rentacar" } as const;

  it("a PGlite abort, on open or on the first query", () => {
    const aborted = Object.assign(new Error("Aborted(). Build with -sASSERTIONS for more info."), {
      name: "RuntimeError",
    });
    for (const err of [
      new StartupPhaseError(phase, aborted),
      new StartupPhaseError(phase, new Error("PGlite failed to initialize properly")),
      failedQuery(aborted),
    ]) {
      const line = describeStartupError(err, { DATA_DIR: "/srv/rentacar" });
      expectOneLine(line, "DATA_DIR");
      expect(line).toContain("/srv/rentacar");
      expect(line).not.toContain("-sASSERTIONS");
    }
  });

  it("damaged pages met by a migration", () => {
    const line = describeStartupError(failedQuery(pgError("XX001", 'invalid page in block 3 of relation "x"')), {
      DATA_DIR: "./data",
    });
    expectOneLine(line, "DATA_DIR");
  });

  it("a folder that cannot be made, or that hangs", () => {
    const enoent = errno("ENOENT", { syscall: "mkdir", path: "/proc/x" });
    enoent.message = "ENOENT: no such file or directory, mkdir '/proc/x'";
    expectOneLine(describeStartupError(new StartupPhaseError(phase, enoent)), "DATA_DIR");
    const timeout = Object.assign(new Error("opening the embedded database took more than 60 s"), {
      name: "TimeoutError",
    });
    expectOneLine(describeStartupError(new StartupPhaseError(phase, timeout)), "DATA_DIR");
  });

  it("a folder in use keeps the lock's own line", () => {
    const line = describeStartupError(new StartupPhaseError(phase, new DataDirInUseError("/srv/rentacar", 4242)));
    expect(line).toBe("DATA_DIR /srv/rentacar is in use by process 4242");
  });
});

describe("configuration", () => {
  it("PROVIDER_URL must be http(s)", () => {
    expect(() => loadConfig({ PROVIDER_URL: "javascript:alert(1)" })).toThrow(/PROVIDER_URL: must be an http\(s\) URL/);
    expect(loadConfig({ PROVIDER_URL: "http://rentacar.example/" }).PROVIDER_URL).toBe("http://rentacar.example/");
  });

  it("every bad variable on one line", () => {
    let err: unknown;
    try {
      loadConfig({ PROVIDER_URL: "javascript:alert(1)", POSTAL_LOOKUP_URL: "ftp://zip.example", PORT: "99999" });
    } catch (e) {
      err = e;
    }
    const line = describeStartupError(err);
    expect(line).not.toContain("\n");
    for (const variable of ["PROVIDER_URL", "POSTAL_LOOKUP_URL", "PORT"]) expect(line).toContain(variable);
  });
});

describe("the start's own checks", () => {
  it("a DATA_DIR under /proc fails at once instead of hanging", async () => {
    let opened = false;
    // A hang would end at the test's own timeout; what is asserted is the outcome, not the time.
    const err = await openDatabase({ DATA_DIR: "/proc/rentacar-x" }, async () => {
      opened = true;
    }).catch((e) => e);
    expect(opened).toBe(false);
    expect(describeStartupError(err)).toMatch(/^DATA_DIR \/proc\/rentacar-x is not a usable folder/);
  });

  it("HOST: a lookup that never answers is given up after its bound, with HOST's line", async () => {
    vi.useFakeTimers();
    try {
      const pending = listenAddress("no-such-host.invalid", 4602, () => new Promise(() => {})).catch((e) => e);
      await vi.advanceTimersByTimeAsync(HOST_LOOKUP_MS);
      expect(describeStartupError(await pending)).toBe(
        "Cannot listen on HOST no-such-host.invalid (no such host: the name lookup did not answer in time): set HOST to an address of this machine, such as 0.0.0.0 or 127.0.0.1",
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("HOST: a name that does not resolve fails with its line; an address is used as it is", async () => {
    const notFound = () => Promise.reject(errno("ENOTFOUND", { syscall: "getaddrinfo", hostname: "nope.invalid" }));
    const err = await listenAddress("nope.invalid", 3000, notFound).catch((e) => e);
    expect(describeStartupError(err)).toMatch(/^Cannot listen on HOST nope\.invalid \(no such host\)/);
    const never = () => Promise.reject(new Error("not looked up"));
    expect(await listenAddress("127.0.0.1", 3000, never)).toBe("127.0.0.1");
    expect(await listenAddress("::", 3000, never)).toBe("::");
    expect(await listenAddress("localhost", 3000, async () => ({ address: "127.0.0.1" }))).toBe("127.0.0.1");
  });

  it("a busy port is found before the database is opened, with PORT's line; a free one is let go", async () => {
    const taken = net.createServer().listen(0, "127.0.0.1");
    await once(taken, "listening");
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const err = await portAvailable("127.0.0.1", port, "127.0.0.1").catch((e) => e);
      expect(describeStartupError(err)).toMatch(new RegExp(`^PORT ${port} is already in use on 127\\.0\\.0\\.1`));
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    // Free now: the probe listens, lets go, and the port can be listened on again.
    await portAvailable("127.0.0.1", port, "127.0.0.1");
    const again = net.createServer().listen(port, "127.0.0.1");
    await once(again, "listening");
    again.close();
  });

  it("a busy port rejects with PORT instead of an unhandled 'error' event", async () => {
    const taken = net.createServer().listen(0, "127.0.0.1");
    await once(taken, "listening");
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const second = net.createServer().listen(port, "127.0.0.1");
      const err = await listening(second, port, "127.0.0.1").catch((e) => e);
      expect(describeStartupError(err)).toMatch(new RegExp(`^PORT ${port} is already in use`));
    } finally {
      taken.close();
    }
  });
});
