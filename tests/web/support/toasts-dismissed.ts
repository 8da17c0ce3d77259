import { act } from '@testing-library/react';
import { afterEach } from 'vitest';
import { toast } from '../../../src/lib/toasts';

/** Toasts outlive a test's render; dismissing them after each test keeps one test's toast out of the next. */
export function withToastsDismissed(): void {
  afterEach(() => {
    act(() => toast.dismiss());
  });
}
