import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";

/**
 * PGlite's buffer pool lives in its WebAssembly memory, which never shrinks: PostgreSQL's default of
 * 128 MB made a server's RSS climb for minutes as pages were first touched (bench:soak). An embedded
 * database is a small one; pages beyond the pool are read from the OS page cache.
 */
const PGLITE_SHARED_BUFFERS = "32MB";

/** The app's PGlite: its extensions and settings, on this thread or on its own (thread.ts), on either path. */
export function startPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PGlite> {
  return PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { btree_gist },
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}
