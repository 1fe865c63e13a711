import { groupBy } from "#server/lib/group-by";

/** A reservation's hold on a car type: [start, end) in epoch milliseconds. */
export interface Hold {
  carTypeId: number;
  start: number;
  end: number;
}

/**
 * The most holds in force at any instant of [from, to). A car type is free for the period when
 * this is below its vehicles in service (the invariant: reservations never exceed vehicles).
 */
export function peakOverlap(holds: readonly Hold[], from: number, to: number): number {
  const events: [number, number][] = [];
  for (const h of holds) {
    const s = Math.max(h.start, from);
    const e = Math.min(h.end, to);
    if (s < e) events.push([s, 1], [e, -1]);
  }
  // Ends sort before starts at the same instant: a return at 10:00 frees the car for a 10:00 departure.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let current = 0;
  let peak = 0;
  for (const [, delta] of events) {
    current += delta;
    if (current > peak) peak = current;
  }
  return peak;
}

export function groupByType(holds: readonly Hold[]): Map<number, Hold[]> {
  return groupBy(holds, (h) => h.carTypeId);
}
