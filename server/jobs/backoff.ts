export interface BackoffOptions {
  /** Delay after the first failed attempt; doubles with each further one. */
  baseMs?: number;
  /** Longest delay. */
  capMs?: number;
  /** [0, 1); injectable for tests. */
  random?: () => number;
}

/**
 * Delay before retrying after failed attempt number `attempt` (1-based): exponential, capped, with
 * ±20% jitter so jobs that failed together (a provider outage) do not all retry together. The
 * jitter is narrow enough that each delay is still longer than the one before, until the cap.
 */
export function retryDelayMs(
  attempt: number,
  { baseMs = 10_000, capMs = 60 * 60_000, random = Math.random }: BackoffOptions = {},
): number {
  const exponential = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(Math.min(capMs, exponential * (0.8 + 0.4 * random())));
}
