// npm start: builds the client when it is missing or older than its sources, then runs the server in
// this same process (so signals and the exit code are the server's own, nothing to relay).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = join(root, 'dist', 'client', 'index.html');
// Everything the client bundle is built from, including the contracts and charts it imports.
const sources = ['src', 'machines', 'contracts', 'public', 'index.html', 'vite.config.ts'].map((p) =>
  join(root, p),
);

// The build-time settings baked into the client (scripts/client-defines.ts): a change means a rebuild.
const builtWith = join(root, 'dist', 'client-build-env.json');
const clientEnv = JSON.stringify(
  Object.fromEntries(
    ['AUTH_URL', 'APP_STORE_URL', 'PLAY_STORE_URL', 'SUPPORT_PHONE', 'ASSISTANT_PHONE'].map((name) => [
      name,
      process.env[name] ?? '',
    ]),
  ),
);

/** Newest modification time under `path` (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function clientIsStale() {
  if (!existsSync(builtIndex)) return true;
  if (!existsSync(builtWith) || readFileSync(builtWith, 'utf8') !== clientEnv) return true;
  const built = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newest(source) > built);
}

// With CLIENT_DIST set the client is built elsewhere. Without vite (a production install) serve what exists.
if (!process.env.CLIENT_DIST && clientIsStale()) {
  let vite;
  try {
    vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  } catch {
    vite = undefined;
  }
  if (!vite) {
    console.warn(
      'Cliente desatualizado ou ausente, e o Vite não está instalado: servindo o que houver em dist/client.',
    );
  } else {
    console.log('Compilando o cliente (vite build)…');
    const build = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('A compilação do cliente falhou; o servidor não foi iniciado.');
      process.exit(build.status ?? 1);
    }
    writeFileSync(builtWith, clientEnv);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(join(root, 'server', 'main.ts')).href);
