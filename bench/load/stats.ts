/** One timed request or socket send; status 599 when no answer came. */
export type Sample = { ms: number; status: number; name: string };

export type Summary = { count: number; errorRate: number; mean: number; p99: number };

/** Mattermost's load-test thresholds: 5xx below 0.025%, mean below 100 ms, p99 below 1 s. */
export const THRESHOLDS = { errorRate: 0.00025, meanMs: 100, p99Ms: 1000 } as const;

/**
 * The q-quantile of ascending samples by nearest rank (the ceil(q * n)-th sample), the one rule
 * every bench reports by; 0 for none.
 */
export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;

export function summarize(samples: Sample[]): Summary {
  if (samples.length === 0) return { count: 0, errorRate: 0, mean: 0, p99: 0 };
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const errors = samples.filter((s) => s.status >= 500).length;
  return {
    count: samples.length,
    errorRate: errors / samples.length,
    mean: ms.reduce((a, b) => a + b, 0) / ms.length,
    p99: quantile(ms, 0.99),
  };
}

export function verdict(...parts: Summary[]): { pass: boolean; reasons: string[] } {
  const reasons: string[] = [];
  for (const s of parts) {
    if (s.errorRate >= THRESHOLDS.errorRate) reasons.push(`5xx ${(s.errorRate * 100).toFixed(3)}%`);
    if (s.mean >= THRESHOLDS.meanMs) reasons.push(`mean ${s.mean.toFixed(0)} ms`);
    if (s.p99 >= THRESHOLDS.p99Ms) reasons.push(`p99 ${s.p99.toFixed(0)} ms`);
  }
  return { pass: reasons.length === 0, reasons };
}
