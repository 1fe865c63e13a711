import { createHmac, timingSafeEqual } from "node:crypto";
import { WebhookSignatureError } from "./types";

/** Stripe's scheme, `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, for the simulator. */
export function signWebhook(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | undefined,
  secret: string,
  toleranceSeconds = 300,
  now = Math.floor(Date.now() / 1000),
): string {
  const body = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8");
  if (!header) throw new WebhookSignatureError();
  const parts = header.split(",").map((p) => p.split("=", 2) as [string, string | undefined]);
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  const signatures = parts.filter(([k, v]) => k === "v1" && v).map(([, v]) => v as string);
  if (!Number.isInteger(t) || Math.abs(now - t) > toleranceSeconds || signatures.length === 0) {
    throw new WebhookSignatureError();
  }
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.${body}`).digest("hex"));
  const ok = signatures.some((s) => {
    const given = Buffer.from(s);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ok) throw new WebhookSignatureError();
  return body;
}
