// Medians and percentiles over repeated measurements.
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) {
    return Number.NaN;
  }
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

export const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;
