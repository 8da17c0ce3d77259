import { onlineManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { errorTracker } from '../../src/lib/error-tracking/report-error';
import { remoteConfig } from '../../src/lib/remote-config/remote-config-actor';
import { loadSonnerToasts } from '../../src/ui/toaster/AppToaster';
import { installFakeMatchMedia } from '../web/support/fake-media';
import { forgetAllToasts } from '../web/support/toasts-forgotten';

// jsdom lays nothing out and does not scroll: this scrollTo moves window.scrollY and fires
// `scroll` the way a browser would, so scroll restoration can be observed.
window.scrollTo = ((xOrOptions?: number | ScrollToOptions, y?: number) => {
  const top = typeof xOrOptions === 'object' ? (xOrOptions.top ?? window.scrollY) : (y ?? 0);
  window.scrollY = top;
  window.pageYOffset = top;
  window.dispatchEvent(new Event('scroll'));
}) as typeof window.scrollTo;

// jsdom has no CSS.escape; user-event needs it to find a radio group by its name.
if (typeof window.CSS?.escape !== 'function') {
  const cssEscape = (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`);
  Object.defineProperty(window, 'CSS', { value: { ...window.CSS, escape: cssEscape }, configurable: true });
}

// findBy…/waitFor wait for what the user would see; their limit only catches a hang. Testing
// Library's 1 s default fails a first render that loads a page's chunk on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// The app loads sonner with its first toast; views are tested with it already there, as every toast
// after the first finds it (the browser suites see the first one load).
beforeAll(() => loadSonnerToasts());

beforeEach(() => {
  installFakeMatchMedia(false);
  // jsdom's WebSocket would dial a real address from every signed-in page: the realtime client
  // sees none and stays off. Tests of live updates stub in a scripted socket (tests/web/support/realtime-socket.ts).
  vi.stubGlobal('WebSocket', undefined);
});

/** Expires every cookie of the page (the session lives in cookies; no test may leak one). */
function clearCookies() {
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: clean-up must not depend on the code under test.
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}

// What the app keeps in modules for the page's life is reset too, so no test sees what the one
// before it left behind, however fast either ran: toasts (same ids across tests), the error
// tracker's 5 s dedupe memory, and whether TanStack Query believes the browser is online.
afterEach(() => {
  cleanup();
  forgetAllToasts();
  errorTracker.reset();
  remoteConfig.reset();
  onlineManager.setOnline(true);
  clearCookies();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
  document.documentElement.className = '';
  window.history.replaceState(null, '', '/');
  window.scrollTo(0, 0);
});
