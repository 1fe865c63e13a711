import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The server's key for fingerprints of secret fields (the API's idempotency hashes, decision 021):
 * `DATA_DIR/secrets/fingerprint.key`, 32 random bytes made by the first process to start and read by
 * every other (they share DATA_DIR), so a retry that reaches another process or follows a restart
 * hashes alike. It never leaves the server and is never in the database, so a stored hash cannot be
 * matched against guessed card numbers without it.
 */
export function loadFingerprintKey(dataDir: string): Buffer {
  const dir = path.resolve(dataDir, "secrets");
  const file = path.join(dir, "fingerprint.key");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    // `wx`: of two processes starting at once, one writes and the other reads what it wrote.
    writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "hex");
  if (key.length < 32) throw new Error(`${file} is not a 32-byte hex key: delete it to make a new one`);
  return key;
}
