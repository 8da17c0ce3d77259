import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

export const JS = 'text/javascript; charset=utf-8';
export const CSS = 'text/css; charset=utf-8';
export const SVG = 'image/svg+xml';

/** A file a server-rendered page loads: where it is read from and the type it is served as. */
export interface StaticFile {
  type: string;
  source: URL;
}

const FOREVER = 'public, max-age=31536000, immutable';

/**
 * Reads `files` once and serves each under `${base}/<name>`. Every URL carries a digest of its
 * content, so a changed file gets a new URL and caching it for a year is safe; answers each file's URL.
 */
export async function registerStaticAssets<Name extends string>(
  app: FastifyInstance,
  base: string,
  files: Record<Name, StaticFile>,
): Promise<Record<Name, string>> {
  const loaded = await Promise.all(
    (Object.keys(files) as Name[]).map(async (name) => {
      const body = await readFile(files[name].source);
      const digest = createHash('sha256').update(body).digest('hex').slice(0, 12);
      return { name, body, url: `${base}/${name}?v=${digest}` };
    }),
  );
  const byName = new Map<string, (typeof loaded)[number]>(loaded.map((asset) => [asset.name, asset]));

  app.get<{ Params: { name: string } }>(`${base}/:name`, (request, reply) => {
    const asset = byName.get(request.params.name);
    if (!asset) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('Não encontrado.');
    }
    return reply.type(files[asset.name].type).header('cache-control', FOREVER).send(asset.body);
  });

  return Object.fromEntries(loaded.map((asset) => [asset.name, asset.url])) as Record<Name, string>;
}
