import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startTestServer, type TestServer } from '../support/server';

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const indexHtml =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/x.js"></script></body></html>';

let dist: string;
let server: TestServer;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'fechai-client-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), indexHtml);
  await writeFile(join(dist, 'assets', 'x.js'), 'console.log("x");');
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer({ clientDist: dist });
});

afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the built client', () => {
  it('serves index.html at / and for client routes, revalidated every time', async () => {
    for (const path of ['/', '/customers', '/tasks/123?filter=today']) {
      const res = await fetch(`${server.url}${path}`, { headers: html });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(indexHtml);
    }
  });

  it("never answers the server areas with the app's page, even for a browser", async () => {
    for (const path of ['/api/nope', '/dev/nope']) {
      const res = await fetch(`${server.url}${path}`, { headers: html });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    // The hosted login's pages answer their own 404 page.
    const auth = await fetch(`${server.url}/auth/nope`, { headers: html });
    expect(auth.status).toBe(404);
    expect(await auth.text()).toContain('<title>Página não encontrada · Fechaí</title>');
  });

  it('does not answer non-navigations with the page', async () => {
    const missingAsset = await fetch(`${server.url}/assets/missing.js`, { headers: { accept: '*/*' } });
    expect(missingAsset.status).toBe(404);
    const post = await fetch(`${server.url}/customers`, { method: 'POST', headers: html });
    expect(post.status).toBe(404);
  });

  it('caches hashed assets for good and other files not', async () => {
    const asset = await fetch(`${server.url}/assets/x.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("x");');

    const icon = await fetch(`${server.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('without a build', () => {
  it('tells the developer to run npm run build', async () => {
    const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIST: join(dist, 'not-built') });
    const app = await buildApp({ config, db: server.db, logger: false });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const res = await fetch(`${url}/customers`, { headers: html });
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await res.text();
      expect(page).toContain('lang="pt-BR"');
      expect(page).toContain('npm run build');
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
