import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded files (licence images: personal data) are kept, under random keys that say
 * nothing about their owner. Local disk under `DATA_DIR/blobs` by default; an S3-compatible
 * store can implement the same three calls.
 */
export interface BlobStore {
  /** Stores the bytes under a new random key and returns it. */
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes, or null when the key names nothing. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-f0-9]{32}$/;

export function createDiskBlobStore(dir: string): BlobStore {
  // Two levels of 256 folders keep any one folder small.
  const fileOf = (key: string) => path.join(dir, key.slice(0, 2), key.slice(2, 4), key);
  return {
    async put(bytes) {
      const key = randomBytes(16).toString("hex");
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { flag: "wx", mode: 0o600 });
      return key;
    },
    async get(key) {
      if (!KEY.test(key)) return null;
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      if (!KEY.test(key)) return;
      await rm(fileOf(key), { force: true });
    },
  };
}
