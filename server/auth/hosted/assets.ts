import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

/** The hosted login's own files; nothing on its pages comes from anywhere else. */
const FILES = {
  'theme.js': 'text/javascript; charset=utf-8',
  'password-rules.js': 'text/javascript; charset=utf-8',
  'hosted.css': 'text/css; charset=utf-8',
  'favicon.svg': 'image/svg+xml',
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
      const body = await readFile(new URL(`./assets/${name}`, import.meta.url));
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
    return reply.type(FILES[asset.name]).header('cache-control', FOREVER).send(asset.body);
  });

  return Object.fromEntries(loaded.map((asset) => [asset.name, asset.url])) as AssetUrls;
}
