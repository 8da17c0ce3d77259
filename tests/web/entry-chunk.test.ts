import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const root = resolve(__dirname, '../..');

/** The files a module imports statically (values, not `import type`), resolved to paths. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      specifier = statement.moduleSpecifier;
    }
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    const base = resolve(dirname(file), specifier.text);
    const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
    const hit = candidates.find((candidate) => /\.(ts|tsx)$/.test(candidate) && exists(candidate));
    if (hit) found.push(hit);
  }
  return found;
}

function exists(path: string): boolean {
  try {
    readFileSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Every source file the entry (src/main.tsx) reaches without a dynamic import(). */
function entryGraph(): string[] {
  const seen = new Set<string>();
  const queue = [resolve(root, 'src/main.tsx')];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return [...seen].map((file) => file.slice(root.length + 1)).sort();
}

describe('the first visit downloads no feature code (first-visit budget, ARCHITECTURE.md)', () => {
  const graph = entryGraph();

  test('no page, query or component of a feature is in the entry chunk: route prefetches load theirs', () => {
    expect(graph.filter((file) => file.startsWith('src/features/'))).toEqual([]);
  });

  test("the product calls' schemas stay out of it too; only the session's (with the role it answers), the envelope's and the Idempotency-Key header's name are needed", () => {
    expect(graph.filter((file) => file.startsWith('contracts/'))).toEqual([
      // Whether any analytics provider is on: five key checks, so nothing is loaded without one.
      'contracts/analytics-providers.ts',
      // The tasks route's "Minhas" / "De todos" search parameter: two words, no schema.
      'contracts/assignee-filter.ts',
      'contracts/client-error-limits.ts',
      'contracts/envelope.ts',
      'contracts/idempotency-key.ts',
      'contracts/roles.ts',
      'contracts/session.ts',
    ]);
  });
});
