import { vi } from 'vitest';

/**
 * jsdom cannot leave the page (location.assign to another origin is "not implemented"). This
 * stands in for window.location with the same address and a recording `assign`, so a test can see
 * where the app sent the browser. vi.unstubAllGlobals (web-setup) puts the real one back.
 */
export function stubPageLocation() {
  const real = window.location;
  const assign = vi.fn();
  vi.stubGlobal('location', {
    href: real.href,
    origin: real.origin,
    protocol: real.protocol,
    host: real.host,
    hostname: real.hostname,
    port: real.port,
    pathname: real.pathname,
    search: real.search,
    hash: real.hash,
    assign,
    replace: vi.fn(),
    reload: vi.fn(),
  });
  return { assign };
}
