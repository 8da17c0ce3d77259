import { useEffect, useState } from 'react';

/**
 * Whole seconds from `now()` until `until` (ms), re-read every second while some are left, so a
 * countdown on screen stays live. 0 once it has passed or when there is nothing to wait for.
 */
export function useSecondsLeft(until: number | null, now: () => number): number {
  const read = () => (until === null ? 0 : Math.max(0, Math.ceil((until - now()) / 1000)));
  const [left, setLeft] = useState(read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `read` is rebuilt from these very values.
  useEffect(() => {
    setLeft(read());
    if (until === null) return;
    const timer = setInterval(() => {
      const next = read();
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until, now]);
  return left;
}

/** 75 → "1:15". */
export function minutesAndSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
