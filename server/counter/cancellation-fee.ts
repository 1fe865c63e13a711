import { daysBetween, localDate } from "#common/calendar-date";
import type { CancellationFeeStep } from "#common/counter";

export interface CancellationFee {
  /** Calendar days from the cancellation to the departure day, in the store's time zone (0: the same day). */
  daysBefore: number;
  percent: number;
  /** Integer yen kept, rounded down. */
  fee: number;
}

/**
 * The site's cancellation fee schedule (a site setting, issue 24): the nearest step the departure is
 * within keeps its percent of the total; a cancellation earlier than every step keeps nothing. Days
 * are counted between calendar dates in the store's time zone, as customers read "3 days before".
 */
export function cancellationFee(input: {
  total: number;
  steps: readonly CancellationFeeStep[];
  startAt: Date;
  now: Date;
  timeZone: string;
}): CancellationFee {
  const daysBefore = Math.max(
    0,
    daysBetween(localDate(input.now, input.timeZone), localDate(input.startAt, input.timeZone)),
  );
  const step = [...input.steps].sort((a, b) => a.daysBefore - b.daysBefore).find((s) => daysBefore <= s.daysBefore);
  const percent = step?.percent ?? 0;
  return { daysBefore, percent, fee: Math.floor((input.total * percent) / 100) };
}
