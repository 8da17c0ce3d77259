import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/**
 * What the simulator's pages load: the app's theme script, tokens and icon and the hosted login's
 * stylesheet (so they look like our other server-rendered pages), plus a few rules of their own.
 */
const FILES = {
  'theme.js': { type: JS, source: new URL('../../../../public/theme-init.js', import.meta.url) },
  'tokens.css': { type: CSS, source: new URL('../../../../src/styles/tokens.css', import.meta.url) },
  'favicon.svg': {
    type: 'image/svg+xml',
    source: new URL('../../../../public/favicon.svg', import.meta.url),
  },
  'hosted.css': { type: CSS, source: new URL('../../../auth/hosted/assets/hosted.css', import.meta.url) },
  'simulator.css': { type: CSS, source: new URL('./assets/simulator.css', import.meta.url) },
} as const;

export type SimulatorAssetName = keyof typeof FILES;
export type SimulatorAssets = Record<SimulatorAssetName, string>;

const BASE = '/dev/stripe/assets';

/** Reads the files once and serves them under /dev/stripe/assets/, each URL carrying a digest of its content. */
export async function registerSimulatorAssets(app: FastifyInstance): Promise<SimulatorAssets> {
  const loaded = await Promise.all(
    (Object.keys(FILES) as SimulatorAssetName[]).map(async (name) => {
      const body = await readFile(FILES[name].source);
      const digest = createHash('sha256').update(body).digest('hex').slice(0, 12);
      return { name, body, url: `${BASE}/${name}?v=${digest}` };
    }),
  );
  const byName = new Map(loaded.map((asset) => [asset.name as string, asset]));
  app.get<{ Params: { name: string } }>(`${BASE}/:name`, (request, reply) => {
    const asset = byName.get(request.params.name);
    if (!asset) return reply.code(404).type('text/plain; charset=utf-8').send('Não encontrado.');
    return reply
      .type(FILES[asset.name].type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(asset.body);
  });
  return Object.fromEntries(loaded.map((asset) => [asset.name, asset.url])) as SimulatorAssets;
}
