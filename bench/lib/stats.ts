// Latency figures for the benches.

/** The `q` quantile (0..1) of the samples, nearest rank; NaN when there are none. */
export function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
}

export const p95 = (samples: number[]) => percentile(samples, 0.95);
