/** The nearest-rank percentile (p from 0 to 1) of latencies sorted ascending. */
export const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
