import { eq } from "drizzle-orm";
import type { CancellationFeeStep } from "#common/counter";
import type { Db } from "#server/db/client";
import { siteSettings } from "#server/db/schema";
import { AppError } from "#server/errors";
import { proposedFee } from "./cancellation";
import type { CancellationFee } from "./cancellation-fee";
import { cardBalance } from "./card-payments";
import type { ReservationRecord } from "./reservations";
import { rentalStage } from "./stage";

/**
 * The confirmation step of a cancellation (issue 37, item 7), for staff at the counter and for
 * customers online: what cancelling now would keep (the schedule's fee, `proposedFee`), what goes
 * back to the card (what it holds, `cardBalance`, less the fee, never below 0; nothing for a
 * booking paid at the store), and the site's rule. The page carries a token of what it showed;
 * the confirmed cancellation is refused as stale when the booking changed or the fee moved since
 * (the day turned over, a step of the schedule was crossed), so nobody confirms numbers that no
 * longer hold. Reads only: nothing is cancelled here.
 */

/** The site's cancellation rule as customers and staff read it. */
export interface CancellationRule {
  /** Days before departure → percent of the total, nearest the departure first. */
  steps: CancellationFeeStep[];
  /** Whether customers may cancel online, and until how many hours before departure. */
  customerCancel: boolean;
  deadlineHours: number;
}

/** What the confirmation showed, sent back with the confirmed intent. */
export interface ConfirmationToken {
  revision: number;
  /** The schedule's fee when the confirmation was shown. */
  proposedFee: number;
  /** What the card held then. */
  balance: number;
}

export interface CancellationPreview {
  reserveNo: string;
  total: number;
  /** The schedule's fee for cancelling now. */
  proposed: CancellationFee;
  /** The fee this cancellation keeps: the schedule's, or the lower one staff typed. */
  fee: number;
  paidByCard: boolean;
  /** Yen the card holds for the booking (0 when paid at the store). */
  cardBalance: number;
  /** What goes back to the card: what it holds less the fee, never below 0. */
  refund: number;
  rule: CancellationRule;
  /** Until when customers may cancel online; null when the site does not offer it. */
  onlineDeadline: Date | null;
  token: ConfirmationToken;
}

export interface PreviewInput {
  reservation: ReservationRecord;
  now?: Date;
  /** A fee staff typed (lower than the schedule's); the schedule's when absent. */
  fee?: number;
}

/** The site's rule: its fee schedule and its online deadline. */
export async function cancellationRule(db: Db, siteId: string): Promise<CancellationRule> {
  const [settings] = await db
    .select({
      steps: siteSettings.cancellationFees,
      customerCancel: siteSettings.customerCancel,
      deadlineHours: siteSettings.customerCancelDeadlineHours,
    })
    .from(siteSettings)
    .where(eq(siteSettings.siteId, siteId));
  return {
    steps: [...(settings?.steps ?? [])].sort((a, b) => a.daysBefore - b.daysBefore),
    customerCancel: settings?.customerCancel ?? false,
    deadlineHours: settings?.deadlineHours ?? 24,
  };
}

/** The online deadline of a booking: `deadlineHours` before its departure (as customer-cancel.ts counts it). */
export function onlineDeadline(
  r: Pick<ReservationRecord, "startAt">,
  rule: Pick<CancellationRule, "customerCancel" | "deadlineHours">,
): Date | null {
  return rule.customerCancel ? new Date(r.startAt.getTime() - rule.deadlineHours * 3_600_000) : null;
}

/** What cancelling `input.reservation` now would keep and give back, with the rule and the token to confirm it. */
export async function previewCancellation(db: Db, siteId: string, input: PreviewInput): Promise<CancellationPreview> {
  const r = input.reservation;
  const now = input.now ?? new Date();
  const [proposed, balance, rule] = await Promise.all([
    proposedFee(db, siteId, r, now),
    cardBalance(db, siteId, r),
    cancellationRule(db, siteId),
  ]);
  const fee = input.fee ?? proposed.fee;
  return {
    reserveNo: r.reserveNo,
    total: r.totalFee,
    proposed,
    fee,
    paidByCard: balance > 0 || (r.paymentStatus === "paid" && !!r.paymentId),
    cardBalance: balance,
    refund: Math.max(0, balance - fee),
    rule,
    onlineDeadline: onlineDeadline(r, rule),
    token: { revision: r.revision, proposedFee: proposed.fee, balance },
  };
}

/** The token's form fields, as hidden inputs of the confirmation. */
export function tokenFields(token: ConfirmationToken): Record<string, string> {
  return {
    revision: String(token.revision),
    proposed_fee: String(token.proposedFee),
    balance: String(token.balance),
  };
}

/** The token a confirmation sent back, or null when it sent none (or one that is not a token). */
export function tokenFromForm(values: Record<string, unknown>): ConfirmationToken | null {
  const int = (name: string) => {
    const raw = values[name];
    return typeof raw === "string" && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  };
  const revision = int("revision");
  const proposed = int("proposed_fee");
  const balance = int("balance");
  if (revision === null || proposed === null || balance === null) return null;
  return { revision, proposedFee: proposed, balance };
}

export type Confirmation = { state: "confirmed"; preview: CancellationPreview } | { state: "already_cancelled" };

/**
 * Checks that a confirmation still holds for the booking as it is now. Refused as
 * `cancel_stale_changed` when the booking was changed or handed over since it was shown (or no
 * token came back), and as `cancel_stale_fee` when the schedule's fee or what the card holds moved;
 * `already_cancelled` when it is cancelled already (this confirmation sent twice, or someone else
 * was first), which the caller answers as such. Otherwise the current preview, to cancel at.
 */
export async function confirmCancellation(
  db: Db,
  siteId: string,
  input: PreviewInput & { token: ConfirmationToken | null },
): Promise<Confirmation> {
  const r = input.reservation;
  const { token } = input;
  if (r.status === "cancelled") return { state: "already_cancelled" };
  if (!token || r.status !== "confirmed" || rentalStage(r) !== "booked" || r.revision !== token.revision) {
    throw new AppError("rejected", { reason: { code: "cancel_stale_changed" } });
  }
  const preview = await previewCancellation(db, siteId, input);
  if (preview.proposed.fee !== token.proposedFee || preview.cardBalance !== token.balance) {
    throw new AppError("rejected", { reason: { code: "cancel_stale_fee" } });
  }
  return { state: "confirmed", preview };
}
