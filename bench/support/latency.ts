export interface LatencySummary {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /**
   * CPU time this process spent per request (client and app share it, and with PGlite the database
   * too; a PostgreSQL server's own CPU is not counted), p50 and p99, one caller at a time only. Unlike wall time it does not grow when other processes
   * compete for the CPU, so runs on a busy machine stay comparable.
   */
  cpuP50: number | null;
  cpuP99: number | null;
  /** Answers other than 200. */
  failures: number;
}

/** The value at percentile `p` (nearest rank) of sorted samples. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

export interface LatencySample {
  ms: number;
  cpuMs: number;
  ok: boolean;
}

/** One GET as a person waits for it: wall and CPU time until the whole body is read. */
export async function timedGet(url: string, headers: Record<string, string>): Promise<LatencySample> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, ok: response.status === 200 };
}

/** Percentiles of samples; CPU times only mean something when the calls ran one at a time (`alone`). */
export function summarizeLatency(samples: readonly LatencySample[], alone: boolean): LatencySummary {
  const wallSorted = sorted(samples.map((s) => s.ms));
  const cpuSorted = sorted(samples.map((s) => s.cpuMs));
  return {
    requests: samples.length,
    p50: percentile(wallSorted, 50),
    p95: percentile(wallSorted, 95),
    p99: percentile(wallSorted, 99),
    max: wallSorted.at(-1) ?? Number.NaN,
    cpuP50: alone ? percentile(cpuSorted, 50) : null,
    cpuP99: alone ? percentile(cpuSorted, 99) : null,
    failures: samples.filter((s) => !s.ok).length,
  };
}

/**
 * Latency of one GET as a person waits for it: `requests` calls (after `warmup` unmeasured ones)
 * by `connections` callers at once, each waiting for its answer before the next, body read whole.
 */
export async function measureGet(
  url: string,
  headers: Record<string, string>,
  { requests, warmup, connections }: { requests: number; warmup: number; connections: number },
): Promise<LatencySummary> {
  for (let i = 0; i < warmup; i++) await timedGet(url, headers);
  const samples: LatencySample[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < requests) {
        next++;
        samples.push(await timedGet(url, headers));
      }
    }),
  );
  return summarizeLatency(samples, connections === 1);
}
