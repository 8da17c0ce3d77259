import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { settle } from './fake-api';

/**
 * settle(), plus the timers TanStack Query tells its observers on (a setTimeout of 0): with the real
 * clock a run of setImmediate rounds can finish before they fire. Pages that read queries through
 * useQuery need it; each round waits for every timer already due.
 */
export async function settleQueries(rounds = 8): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await settle(1);
    if (!vi.isFakeTimers()) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 1)));
  }
}
