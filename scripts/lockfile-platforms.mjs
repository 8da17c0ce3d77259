// Keeps package-lock.json complete for every platform.
//
// The registry these machines reach serves only some platforms' builds of native packages (Biome's
// and Rollup's other-OS binaries answer 404). npm then leaves those optional packages out of the
// lockfile, and `npm ci` refuses the lockfile as out of sync. This adds each missing optional
// package back as a plain entry; `npm ci` skips optional packages it cannot fetch or use, and on
// machines that can (a Mac, say) it installs them as usual.
//
//   node scripts/lockfile-platforms.mjs          fix the lockfile (after every `npm install`)
//   node scripts/lockfile-platforms.mjs --check  exit 1 when an entry is missing (npm test runs it)
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const check = process.argv.includes('--check');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const missing = [];
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    missing.push({ at: hoisted, name, version, dev: entry.dev === true });
  }
}

if (check) {
  if (missing.length > 0) {
    console.error(
      `package-lock.json lacks ${missing.length} optional platform package(s) (${missing[0].name}, …): ` +
        'run `npm run lockfile:platforms`, or `npm ci` will refuse it.',
    );
    process.exit(1);
  }
  process.exit(0);
}

for (const { at, version, dev } of missing) {
  packages[at] = { version: version.replace(/^[~^=]/, ''), ...(dev && { dev: true }), optional: true };
}
// npm keeps entries sorted by location, the root first.
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${missing.length} optional platform package(s).`);
