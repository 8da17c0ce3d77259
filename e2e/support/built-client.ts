import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Page, Route } from 'playwright-core';

/**
 * A client built once more with build-time settings of its own (provider keys, hosts), served to
 * one page in place of the server's build: the app's own files from `outDir` (SPA fallback) under a
 * given content security policy, the API, the hosted login and the dev pages from the real server.
 */

/** Builds the client into `outDir` with `env` added to the environment. */
export function buildClient(outDir: string, env: Record<string, string>): void {
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
}

const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The app's own files from `outDir` on `page`, under the policy `csp`; `rewriteJs` may change each
 * JavaScript file as it is served (e.g. a build-time setting emptied).
 */
export async function serveBuiltClient(
  page: Page,
  origin: string,
  outDir: string,
  csp: string,
  rewriteJs?: (source: string) => string,
) {
  await page.route(`${origin}/**`, (route: Route) => {
    const { pathname } = new URL(route.request().url());
    if (/^\/(api|auth|dev)(\/|$)/.test(pathname)) return route.fallback();
    const file = join(outDir, pathname);
    const asset = pathname !== '/' && existsSync(file) && extname(file) !== '';
    const path = asset ? file : join(outDir, 'index.html');
    return route.fulfill({
      status: 200,
      headers: {
        'content-type': types[extname(path)] ?? 'application/octet-stream',
        'content-security-policy': csp,
      },
      body: rewriteJs && extname(path) === '.js' ? rewriteJs(readFileSync(path, 'utf8')) : readFileSync(path),
    });
  });
}
