import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` beside every text file of the build, once, at build time, so the server
 * (`@fastify/static` with `preCompressed`) sends phones the small version without compressing on
 * every request.
 */
export function precompress(): Plugin {
  return {
    name: 'fechai:precompress',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => COMPRESSIBLE.test(name))
          .map(async (name) => {
            const path = join(dir, name);
            const raw = await readFile(path);
            if (raw.length < MIN_BYTES) return;
            const [gz, br] = await Promise.all([
              gzipAsync(raw, { level: 9 }),
              brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            ]);
            await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
          }),
      );
    },
  };
}
