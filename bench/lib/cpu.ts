// CPU time of processes on this machine, for benches that share two cores with their servers:
// wall-clock latency moves with whatever else runs, the CPU a request costs much less.
import { readFile } from "node:fs/promises";
import type pg from "pg";

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** User + system CPU of a process so far (all its threads), in ms; null without /proc (not Linux) or when it has gone. */
export async function processCpuMs(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    // Fields after the command name, which may itself contain spaces: utime and stime are 14th and 15th.
    const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** Summed CPU of several processes, null when one cannot be read. */
export async function totalCpuMs(pids: (number | undefined)[]): Promise<number | null> {
  let sum = 0;
  for (const pid of pids) {
    const ms = await processCpuMs(pid);
    if (ms === null) return null;
    sum += ms;
  }
  return sum;
}

/** The PostgreSQL server processes serving one database now (readable only when the server runs on this machine). */
export async function backendPids(admin: pg.Client, database: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [
    database,
  ]);
  return rows.map((r) => r.pid);
}
