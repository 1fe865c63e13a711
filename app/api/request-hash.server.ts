import { createHash, createHmac, randomBytes } from "node:crypto";

/** Fields never kept as they are: a card's number and code or a password are guessable from a plain hash. */
const SECRET_FIELD = /card|cvc|cvv|password|number/i;

/** Without a configured key (tests), one for this process: fingerprints then hold within it. */
const processKey = randomBytes(32);

/** The body without its secret fields, and those fields by their path (`card_number`, `customer.password`). */
function splitSecrets(value: unknown, at: string, secrets: [string, unknown][]): unknown {
  if (Array.isArray(value)) return value.map((v, i) => splitSecrets(v, `${at}[${i}]`, secrets));
  if (typeof value !== "object" || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const where = at ? `${at}.${key}` : key;
    if (SECRET_FIELD.test(key)) secrets.push([where, v]);
    else kept[key] = splitSecrets(v, where, secrets);
  }
  return kept;
}

/**
 * What a retry must repeat to be replayed: the operation, its path, its body without secrets, and a
 * keyed fingerprint (HMAC-SHA-256 with the server's key) of the secrets, so another card under the
 * same key is refused while no secret, nor a hash that could be checked against guesses, is stored.
 */
export function requestHash(
  operationId: string,
  pathParams: Record<string, string>,
  body: unknown,
  key: Buffer = processKey,
): string {
  const secrets: [string, unknown][] = [];
  const kept = splitSecrets(body ?? null, "", secrets);
  secrets.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const fingerprint = createHmac("sha256", key).update(JSON.stringify(secrets)).digest("hex");
  return createHash("sha256")
    .update(JSON.stringify([operationId, pathParams, kept, fingerprint]))
    .digest("hex");
}
