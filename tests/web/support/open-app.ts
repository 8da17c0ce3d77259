import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { fakeApi, settle } from './fake-api';
import { stubPageLocation } from './page-location';
import { renderApp } from './render-app';

/**
 * The app at `url` with the fake API (session checks held until answered) and a page location
 * that records where the app sends the browser. `url()` is the address the app shows now.
 */
export function openApp(url: string) {
  const leaving = stubPageLocation();
  const server = fakeApi();
  const app = renderApp(url);
  return { ...app, server, leaving, url: () => app.location.history!.at(-1) };
}

/** Moves the fake clock, then lets what it triggered settle. */
export async function advanceClock(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await settle();
}
