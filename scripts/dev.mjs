// npm run dev: the API under `tsx watch` (restarts on change, `--dev`: no static client) and the Vite dev
// server (hot reload, proxies /api, /auth and /dev to the API), with their output prefixed. Ctrl-C stops
// both. Each child gets its own process group so a Ctrl-C reaches it once, from here, not twice.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const bin = (pkg, file) => join(dirname(require.resolve(`${pkg}/package.json`)), file);

const tty = Boolean(process.stdout.isTTY);
const color = (code, text) => (tty ? `\x1b[${code}m${text}\x1b[0m` : text);
// Children write to a pipe, not the terminal: keep their colours and readable logs anyway.
const env = { ...process.env, ...(tty && { FORCE_COLOR: '1', LOG_PRETTY: process.env.LOG_PRETTY ?? '1' }) };

const children = [
  {
    name: color('36', 'api'),
    args: [
      bin('tsx', 'dist/cli.mjs'),
      'watch',
      '--clear-screen=false',
      '--include',
      'server/db/migrations/*.sql',
      'server/main.ts',
      '--dev',
    ],
  },
  { name: color('35', 'web'), args: [bin('vite', 'bin/vite.js')] },
].map(({ name, args }) => {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prefix(child.stdout, process.stdout, name);
  prefix(child.stderr, process.stderr, name);
  return { name, child };
});

/** Writes each complete line of `from` to `to` behind `[name]`. */
function prefix(from, to, name) {
  let pending = '';
  from.setEncoding('utf8');
  from.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop();
    for (const line of lines) to.write(`[${name}] ${line}\n`);
  });
  from.on('end', () => {
    if (pending) to.write(`[${name}] ${pending}\n`);
  });
}

let stopping = false;
let exitCode = 0;

function stop(signal) {
  for (const { child } of children)
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  stopping = true;
}

for (const { name, child } of children) {
  child.on('exit', (code, signal) => {
    if (!stopping) {
      // One of them died on its own: the pair is useless, stop the other.
      console.error(`[${name}] saiu (${signal ?? `código ${code}`}); encerrando o outro processo.`);
      exitCode = code || 1;
      stop('SIGTERM');
    }
    if (children.every(({ child: c }) => c.exitCode !== null || c.signalCode !== null))
      process.exit(exitCode);
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stop(signal === 'SIGHUP' ? 'SIGTERM' : signal));
}
// If this process goes down some other way, do not leave the children behind: each child leads its own
// process group (detached), so this also reaches the server that `tsx watch` started under it.
process.on('exit', () => {
  for (const { child } of children) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // that group is already gone
    }
  }
});
