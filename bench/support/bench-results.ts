import { mkdir, writeFile } from 'node:fs/promises';

/** Writes a run's figures to bench/results/<name>.json (not committed), stamped with when it ran. */
export async function writeBenchResult(name: string, figures: Record<string, unknown>): Promise<void> {
  await mkdir('bench/results', { recursive: true });
  await writeFile(
    `bench/results/${name}.json`,
    JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2),
  );
}
