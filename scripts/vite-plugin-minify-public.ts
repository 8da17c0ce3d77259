import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Plugin, transformWithEsbuild } from 'vite';

/**
 * Vite copies public/ as it is. Its scripts (theme-init.js runs before the first paint of every
 * page) keep their comments in the repository and ship minified: bytes of every first visit.
 */
export function minifyPublicScripts(names: readonly string[]): Plugin {
  let outDir = '';
  return {
    name: 'fechai:minify-public-scripts',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After the public files are copied into the build.
    async closeBundle() {
      await Promise.all(
        names.map(async (name) => {
          const path = join(outDir, name);
          const source = await readFile(path, 'utf8');
          const { code } = await transformWithEsbuild(source, name, { minify: true, target: 'es2022' });
          await writeFile(path, code);
        }),
      );
    },
  };
}
