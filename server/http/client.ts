import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Vite's hashed output: a new build gives new names, so browsers may keep these forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Server areas: never answered with the client, so their 404s stay JSON. */
const SERVER_PATHS = /^\/(api|auth|dev)(\/|\?|$)/;

export interface ClientOptions {
  /** Folder of the built client; null when this process does not serve it (the dev server does). */
  dist: string | null;
}

/** Answers a browser navigation with the client, if this request is one. Returns whether it answered. */
export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * Serves the built client: `/assets/*` cached for good, everything else revalidated, and any other page
 * a browser asks for gets index.html (the client's router takes it from there). Without a build, such
 * navigations get a short page saying what to run.
 */
export async function registerClient(app: FastifyInstance, { dist }: ClientOptions): Promise<SpaFallback> {
  const built = dist !== null && existsSync(join(dist, 'index.html'));
  if (dist !== null && built) {
    await app.register(fastifyStatic, {
      root: dist,
      // One catch-all route, so a rebuild while the server runs is served at once.
      wildcard: true,
      cacheControl: false,
      // The build writes .br and .gz beside each file (vite-plugin-precompress); send those when accepted.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = relative(dist, filePath).startsWith(`assets${sep}`);
        res.setHeader('cache-control', immutable ? IMMUTABLE : 'no-cache');
      },
    });
  } else if (dist !== null) {
    app.log.warn({ dist }, 'client build not found: run `npm run build` (npm start does it for you)');
  }

  const page = dist === null ? devServerPage : missingBuildPage(dist);

  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (SERVER_PATHS.test(request.url)) return false;
    if (!request.headers.accept?.includes('text/html')) return false;
    if (built) {
      reply.header('cache-control', 'no-cache').sendFile('index.html');
    } else {
      reply
        .code(dist === null ? 404 : 503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page);
    }
    return true;
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const shell = (title: string, body: string) => `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5}code{background:#eee;padding:.1rem .3rem;border-radius:.2rem}</style>
</head>
<body>${body}</body>
</html>
`;

const missingBuildPage = (dist: string) =>
  shell(
    'Fechaí: cliente não compilado',
    `<h1>O cliente ainda não foi compilado</h1>
<p>Não encontrei <code>${escapeHtml(join(dist, 'index.html'))}</code>.</p>
<p>Rode <code>npm run build</code> e recarregue esta página, ou inicie com <code>npm start</code>, que compila quando precisa.</p>`,
  );

const devServerPage = shell(
  'Fechaí: servidor da API',
  `<h1>Este é o servidor da API</h1>
<p>Em desenvolvimento, o cliente é servido pelo Vite: abra <a href="http://localhost:5173/">http://localhost:5173</a> (ou a porta definida em <code>VITE_PORT</code>).</p>`,
);
