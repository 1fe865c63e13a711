/**
 * Reading the ledger (issue 37, decision 045), shared by the server and the back office's pages:
 * rows are attempts and outcomes, and money is counted from the outcomes that succeeded only.
 */
export interface LedgerRow {
  id: number;
  entry: "attempt" | "outcome";
  attemptId: number | null;
  kind: "charge" | "refund";
  method: string;
  amount: number;
  status: string;
}

/** An attempt and its outcome (null while none is written: in flight, or cut short). */
export interface LedgerPair<R extends LedgerRow> {
  attempt: R;
  outcome: R | null;
}

export function itemsOf<R extends LedgerRow>(rows: readonly R[]): LedgerPair<R>[] {
  const outcomes = new Map(rows.filter((r) => r.entry === "outcome").map((r) => [r.attemptId, r]));
  return rows
    .filter((r) => r.entry === "attempt")
    .map((attempt) => ({ attempt, outcome: outcomes.get(attempt.id) ?? null }));
}

/** Yen that moved: succeeded charges less succeeded refunds, of `method` when given. */
export function netOf<R extends LedgerRow>(items: readonly LedgerPair<R>[], method?: string): number {
  return items.reduce((sum, { attempt, outcome }) => {
    if (outcome?.status !== "succeeded" || (method && attempt.method !== method)) return sum;
    return sum + (attempt.kind === "charge" ? outcome.amount : -outcome.amount);
  }, 0);
}
