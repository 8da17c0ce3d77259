/**
 * A lint step (npm run lint): a feature (src/features/<name>/) imports nothing of another feature.
 * What two features share lives where both may import it: src/ui (views), src/lib (the rest),
 * machines/ (charts), contracts/. Biome's noRestrictedImports only sees the written specifier, and
 * "../settings/x" does not say whether it leaves the feature, so this reads resolved paths.
 *
 * Run: node --import tsx scripts/check-feature-boundaries.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** A source file: its path from the repository root (with "/"), and its text. */
export type SourceFile = { path: string; text: string };

export type BoundaryViolation = { file: string; line: number; specifier: string; feature: string };

const FEATURES = 'src/features/';

function featureOf(path: string): string | undefined {
  if (!path.startsWith(FEATURES)) return undefined;
  return path.slice(FEATURES.length).split('/')[0] || undefined;
}

/** Every import (static, dynamic, type-only, re-export) of a feature that lands in another feature. */
export function featureBoundaryViolations(files: readonly SourceFile[]): BoundaryViolation[] {
  const found: BoundaryViolation[] = [];
  for (const { path, text } of files) {
    const own = featureOf(path);
    if (!own) continue;
    for (const { fileName: specifier, pos } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const feature = featureOf(`${posix.join(posix.dirname(path), specifier)}/`);
      if (feature && feature !== own) {
        found.push({ file: path, line: text.slice(0, pos).split('\n').length, specifier, feature });
      }
    }
  }
  return found;
}

function sourcesUnder(root: string, folder: string): SourceFile[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => {
      const path = posix.join(
        entry.parentPath
          .slice(root.length + 1)
          .split('\\')
          .join('/'),
        entry.name,
      );
      return { path, text: readFileSync(join(root, path), 'utf8') };
    });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = process.cwd();
  const violations = featureBoundaryViolations(sourcesUnder(root, 'src/features'));
  for (const { file, line, specifier, feature } of violations) {
    console.error(`${file}:${line}: imports '${specifier}', a file of the ${feature} feature.`);
  }
  if (violations.length > 0) {
    console.error(
      'A feature imports no other feature: move what both use to src/ui, src/lib, machines/ or contracts/.',
    );
    process.exit(1);
  }
}
