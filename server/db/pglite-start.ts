import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";

/**
 * PGlite's buffer pool lives in its WebAssembly memory, which never shrinks: PostgreSQL's default of
 * 128 MB made a server's RSS climb for minutes as pages were first touched (bench:soak). An embedded
 * database is a small one; pages beyond the pool are read from the OS page cache.
 */
const PGLITE_SHARED_BUFFERS = "32MB";
const PGLITE_START_PARAMS: string[] = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;

/** The app's PGlite: its extensions and settings, on this thread (openPglite) or on its own (pglite-thread.ts). */
export function startPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PGlite> {
  return PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { btree_gist },
    startParams: [...PGLITE_START_PARAMS, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}
