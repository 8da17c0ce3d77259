import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/**
 * What the hosted login's pages load, all served from here (nothing from another host). The theme
 * script, the design tokens and the icon are the app's own files, so both look and switch themes
 * alike from one source; the rest belongs to these pages.
 */
const FILES = {
  'theme.js': { type: JS, source: new URL('../../../public/theme-init.js', import.meta.url) },
  'tokens.css': { type: CSS, source: new URL('../../../src/styles/tokens.css', import.meta.url) },
  'favicon.svg': { type: 'image/svg+xml', source: new URL('../../../public/favicon.svg', import.meta.url) },
  'password-rules.js': { type: JS, source: new URL('./assets/password-rules.js', import.meta.url) },
  'hosted.css': { type: CSS, source: new URL('./assets/hosted.css', import.meta.url) },
} as const;

export type AssetName = keyof typeof FILES;

/** Each asset's URL, with a digest of its content: a changed file gets a new URL, so caching it for a year is safe. */
export type AssetUrls = Record<AssetName, string>;

const BASE = '/auth/assets';
const FOREVER = 'public, max-age=31536000, immutable';

/** Reads the files once and serves them under /auth/assets/. */
export async function registerAssets(app: FastifyInstance): Promise<AssetUrls> {
  const loaded = await Promise.all(
    (Object.keys(FILES) as AssetName[]).map(async (name) => {
      const body = await readFile(FILES[name].source);
      const digest = createHash('sha256').update(body).digest('hex').slice(0, 12);
      return { name, body, url: `${BASE}/${name}?v=${digest}` };
    }),
  );
  const byName = new Map(loaded.map((asset) => [asset.name as string, asset]));

  app.get<{ Params: { name: string } }>(`${BASE}/:name`, (request, reply) => {
    const asset = byName.get(request.params.name);
    if (!asset) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('Não encontrado.');
    }
    return reply.type(FILES[asset.name].type).header('cache-control', FOREVER).send(asset.body);
  });

  return Object.fromEntries(loaded.map((asset) => [asset.name, asset.url])) as AssetUrls;
}
