import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { COMMON_PASSWORDS } from "./common-passwords";

/** OWASP's Argon2id baseline: 19 MiB, two passes, one lane. Hashing runs on libuv's threads. */
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id: a const enum, which isolated modules cannot read
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of nothing anyone knows: verified against when the e-mail matches no member, so an
 * unknown address takes as long to refuse as a wrong password.
 */
let decoyHash: Promise<string> | undefined;
export function verifyDecoy(password: string): Promise<boolean> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash.then((h) => verifyPassword(h, password));
}

/** Among the passwords most often used, whatever the case (spec §5 sets only the length). */
export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(password.toLowerCase());
