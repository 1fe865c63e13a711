import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";
import { type AuditActor, recordAudit, recordSignIn } from "#server/audit/audit-log";
import { hashToken } from "#server/auth/sessions";
import { addressKey, recordSignInFailure, type Sleep, TWO_FACTOR_RULE, throttleSignIn } from "#server/auth/throttle";
import type { Db } from "#server/db/client";
import { staff } from "#server/db/schema";
import { AppError } from "#server/errors";

/**
 * Two-factor sign-in (RFC 6238) for the back office, with the `otpauth` library: 6 digits, 30-second
 * steps, SHA-1 (what every authenticator app reads), one step of clock drift either way. A code is
 * accepted once: the step it matched is kept, and a code of that step or an earlier one is refused.
 */
const PERIOD_S = 30;
const RECOVERY_CODES = 10;
const invalidCode = () => new AppError("invalid_input", { fieldErrors: { code: { code: "two_factor_invalid" } } });

const totp = (secret: string, label = "", issuer = "") =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: PERIOD_S, algorithm: "SHA1", label, issuer });

/** The step a code matches (now ±1), or null. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}

/** A recovery code as shown: ten letters and digits in two groups (`k3m9p-x2q7a`). */
function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const normaliseRecovery = (code: string) => code.trim().toLowerCase().replace("-", "");

async function readTwoFactor(db: Db, siteId: string, staffId: number) {
  const [row] = await db
    .select({
      email: staff.email,
      totpSecret: staff.totpSecret,
      totpPendingSecret: staff.totpPendingSecret,
      totpLastStep: staff.totpLastStep,
      recoveryCodeHashes: staff.recoveryCodeHashes,
    })
    .from(staff)
    .where(and(eq(staff.siteId, siteId), eq(staff.id, staffId)));
  if (!row) throw new AppError("not_found");
  return row;
}

/**
 * The set-up screen: a new secret kept as pending (until a code proves the app has it), its
 * `otpauth://` URI and that URI as a QR code (SVG) for the app to scan.
 */
export async function beginTwoFactorSetup(db: Db, siteId: string, staffId: number, issuer: string) {
  const row = await readTwoFactor(db, siteId, staffId);
  const secret = row.totpPendingSecret ?? new Secret({ size: 20 }).base32;
  if (!row.totpPendingSecret) {
    await db
      .update(staff)
      .set({ totpPendingSecret: secret })
      .where(and(eq(staff.siteId, siteId), eq(staff.id, staffId)));
  }
  const uri = totp(secret, row.email, issuer).toString();
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/** Turns two-factor on once a code from the app matches the pending secret; returns the recovery codes, shown once. */
export async function confirmTwoFactorSetup(
  db: Db,
  siteId: string,
  actor: AuditActor & { staffId: number },
  code: string,
  now = Date.now(),
): Promise<string[]> {
  const row = await readTwoFactor(db, siteId, actor.staffId);
  if (!row.totpPendingSecret) throw invalidCode();
  const step = matchingStep(row.totpPendingSecret, code, now);
  if (step === null) throw invalidCode();
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({
        totpSecret: row.totpPendingSecret,
        totpPendingSecret: null,
        totpLastStep: step,
        recoveryCodeHashes: codes.map((c) => hashToken(normaliseRecovery(c))),
        updatedAt: new Date(now),
      })
      .where(and(eq(staff.siteId, siteId), eq(staff.id, actor.staffId)));
    await recordAudit(tx, siteId, actor, {
      action: "staff.two_factor_on",
      entity: "staff",
      entityId: actor.staffId,
      after: { twoFactor: true },
    });
  });
  return codes;
}

/**
 * The second step of signing in: a current code from the app (each accepted once) or one of the
 * recovery codes (used up). Throws a field error on `code` otherwise.
 */
export async function verifyTwoFactor(
  db: Db,
  siteId: string,
  input: { staffId: number; code: string; clientIp: string },
  now = Date.now(),
  sleep?: Sleep,
): Promise<{ usedRecoveryCode: boolean; recoveryCodesLeft: number }> {
  const { staffId } = input;
  const keys = { account: `admin:2fa:${siteId}:${staffId}`, address: addressKey(input.clientIp) };
  // Wrong codes from one address are refused after a few; the account's count only slows (decision 047).
  await throttleSignIn(db, keys, TWO_FACTOR_RULE, { now: new Date(now), sleep });
  const row = await readTwoFactor(db, siteId, staffId);
  const left = row.recoveryCodeHashes.length;
  if (!row.totpSecret) return { usedRecoveryCode: false, recoveryCodesLeft: left };
  const where = and(eq(staff.siteId, siteId), eq(staff.id, staffId));
  const refuse = async () => {
    await recordSignInFailure(db, keys, new Date(now));
    return invalidCode();
  };
  const code = input.code.trim();
  if (/^\d{6}$/.test(code)) {
    const step = matchingStep(row.totpSecret, code, now);
    if (step === null || (row.totpLastStep !== null && step <= row.totpLastStep)) throw await refuse();
    await db.update(staff).set({ totpLastStep: step }).where(where);
    return { usedRecoveryCode: false, recoveryCodesLeft: left };
  }
  const hashed = hashToken(normaliseRecovery(code));
  if (!row.recoveryCodeHashes.includes(hashed)) throw await refuse();
  await db
    .update(staff)
    .set({ recoveryCodeHashes: row.recoveryCodeHashes.filter((h) => h !== hashed) })
    .where(where);
  return { usedRecoveryCode: true, recoveryCodesLeft: left - 1 };
}

/**
 * The second step of signing in, recorded in the audit log (issue 41): the sign-in once the code
 * is right, a refused attempt when it is wrong or throttled.
 */
export async function completeTwoFactorSignIn(
  db: Db,
  siteId: string,
  input: { staffId: number; email: string; code: string; clientIp: string },
  now = Date.now(),
  sleep?: Sleep,
): Promise<{ usedRecoveryCode: boolean; recoveryCodesLeft: number }> {
  const who = { staffId: input.staffId, email: input.email };
  try {
    const result = await verifyTwoFactor(db, siteId, input, now, sleep);
    await recordSignIn(db, siteId, who, "signed_in", input.clientIp);
    return result;
  } catch (error) {
    const outcome = error instanceof AppError && error.code === "too_many_requests" ? "throttled" : "wrong_code";
    if (error instanceof AppError) await recordSignIn(db, siteId, who, outcome, input.clientIp);
    throw error;
  }
}

/** How many recovery codes are left (the security page says so). */
export async function recoveryCodesLeft(db: Db, siteId: string, staffId: number): Promise<number> {
  return (await readTwoFactor(db, siteId, staffId)).recoveryCodeHashes.length;
}

/** Turns two-factor sign-in off, on a current code (or a recovery code); the secret and codes are dropped. */
export async function disableTwoFactor(
  db: Db,
  siteId: string,
  actor: AuditActor & { staffId: number },
  input: { code: string; clientIp: string },
  sleep?: Sleep,
): Promise<void> {
  await verifyTwoFactor(db, siteId, { staffId: actor.staffId, ...input }, Date.now(), sleep);
  await db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        recoveryCodeHashes: [],
        updatedAt: new Date(),
      })
      .where(and(eq(staff.siteId, siteId), eq(staff.id, actor.staffId)));
    await recordAudit(tx, siteId, actor, {
      action: "staff.two_factor_off",
      entity: "staff",
      entityId: actor.staffId,
      before: { twoFactor: true },
      after: { twoFactor: false },
    });
  });
}
