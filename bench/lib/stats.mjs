/** Small statistics helpers. Latencies are kept raw (ms, float) for sub-millisecond percentiles. */

/** Growable Float64Array: hundreds of thousands of samples without boxing numbers. */
export class Samples {
  constructor() {
    this.values = new Float64Array(1 << 16);
    this.length = 0;
  }

  add(value) {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = value;
  }

  /** Nearest-rank percentiles, e.g. percentiles([50, 99]) -> { p50, p99 }. */
  percentiles(ps) {
    const sorted = this.values.slice(0, this.length).sort();
    const out = {};
    for (const p of ps) {
      out[`p${p}`] = sorted.length
        ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
        : NaN;
    }
    return out;
  }
}

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The median of each numeric field over several runs of the same scenario and system. */
export function medianOfRuns(runs) {
  const out = {};
  for (const key of Object.keys(runs[0] ?? {})) {
    if (typeof runs[0][key] === 'number') out[key] = median(runs.map((r) => r[key]));
  }
  return out;
}
