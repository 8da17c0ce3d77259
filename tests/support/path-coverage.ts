/**
 * Per-layer coverage of the charts, measured from what replays actually walked.
 *
 * Each replay (`replayPath` on the machine, `walkPath` on the views in jsdom or in Chromium) reports
 * how many steps of which path passed. A recording keeps that per chart and writes it to
 * `test-results/coverage/<layer>/<chart>/<source>.json`, one file per test file or command that
 * replayed the chart (so parallel vitest workers never write the same file). Reading merges every
 * source's walks, drops those of paths that no longer exist as recorded (fingerprint), and runs
 * `checkCoverage` on the steps that passed.
 *
 * Node only (node:fs): shared by the vitest setup, the Playwright spec and `npm run paths`.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ChartPath,
  type Coverage,
  checkCoverage,
  generatePaths,
  type PathModel,
  type PathWalk,
  recordWalksWith,
} from './chart-paths';

export const coverageLayers = ['machine', 'jsdom', 'browser'] as const;
export type CoverageLayer = (typeof coverageLayers)[number];

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const coverageDir = join(root, 'test-results', 'coverage');

/** One path as far as it was walked. */
interface WalkEntry {
  path: number;
  /** Which path this number meant when it was walked: paths renumber when a chart changes. */
  fingerprint: string;
  /** Steps that passed, from step 1. */
  passed: number;
}

interface CoverageFile {
  chart: string;
  layer: CoverageLayer;
  /** The test file or command that replayed it, relative to the repository. */
  source: string;
  recordedAt: string;
  walks: WalkEntry[];
}

/** A path's identity: its events and states as the model tells them apart. */
function fingerprint(model: PathModel, path: ChartPath): string {
  const text = path.steps.map((s) => `${JSON.stringify(s.event.type)} ${model.serializeState(s.state)}`);
  return createHash('sha256')
    .update(`${path.scenario.name}\n${text.join('\n')}`)
    .digest('hex')
    .slice(0, 16);
}

/** "tests/web/toasts.paths.test.tsx" → "tests-web-toasts.paths.test.tsx". */
const fileNameOf = (source: string) => `${source.replace(/[^\w.-]+/g, '-')}.json`;

export interface WalkRecording {
  /** What the walks this recording heard reached of `model` on `layer`. */
  coverage(layer: CoverageLayer, model: PathModel): Coverage;
  /** Writes every chart this recording saw, replacing what `source` wrote before. */
  write(): void;
  /** Stops listening. */
  stop(): void;
}

/**
 * Listens to every replay from now on, as `source` (a file path or a command's name). Walks of
 * drivers count for `driverLayer`; `replayPath` counts for the machine layer.
 */
export function recordWalks(options: { driverLayer: 'jsdom' | 'browser'; source: string }): WalkRecording {
  const source = options.source.startsWith(root) ? relative(root, options.source) : options.source;
  const byKey = new Map<string, { layer: CoverageLayer; chart: string; walks: Map<number, WalkEntry> }>();
  const listener = (walk: PathWalk) => {
    const layer: CoverageLayer = walk.kind === 'machine' ? 'machine' : options.driverLayer;
    const chart = walk.model.chart;
    const key = `${layer}/${chart}`;
    const entry = byKey.get(key) ?? { layer, chart, walks: new Map<number, WalkEntry>() };
    byKey.set(key, entry);
    const before = entry.walks.get(walk.path.number);
    if (before && before.passed >= walk.passed) return;
    entry.walks.set(walk.path.number, {
      path: walk.path.number,
      fingerprint: fingerprint(walk.model, walk.path),
      passed: walk.passed,
    });
  };
  recordWalksWith(listener);
  return {
    coverage(layer, model) {
      const entry = byKey.get(`${layer}/${model.chart}`);
      return checkCoverage(model, entry ? walkedPaths(model, [...entry.walks.values()]) : []);
    },
    write() {
      const name = fileNameOf(source);
      // What this source recorded before, for charts it no longer replays, is not true any more.
      for (const layer of coverageLayers) {
        const dir = join(coverageDir, layer);
        if (!existsSync(dir)) continue;
        for (const chart of readdirSync(dir)) rmSync(join(dir, chart, name), { force: true });
      }
      for (const { layer, chart, walks } of byKey.values()) {
        const file: CoverageFile = {
          chart,
          layer,
          source,
          recordedAt: new Date().toISOString(),
          walks: [...walks.values()].sort((a, b) => a.path - b.path),
        };
        mkdirSync(join(coverageDir, layer, chart), { recursive: true });
        writeFileSync(join(coverageDir, layer, chart, name), `${JSON.stringify(file, null, 2)}\n`);
      }
    },
    stop() {
      recordWalksWith(undefined);
    },
  };
}

const generated = new WeakMap<PathModel, Map<number, ChartPath>>();

/** The model's paths by number, generated once per process (it takes a while for big charts). */
function pathsOf(model: PathModel): Map<number, ChartPath> {
  const paths = generated.get(model) ?? new Map(generatePaths(model).map((p) => [p.number, p]));
  generated.set(model, paths);
  return paths;
}

/** The model's current paths cut to the steps that passed; walks of paths since changed are dropped. */
function walkedPaths(model: PathModel, walks: WalkEntry[]): ChartPath[] {
  const paths = pathsOf(model);
  const best = new Map<number, number>();
  for (const walk of walks) {
    const path = paths.get(walk.path);
    if (!path || fingerprint(model, path) !== walk.fingerprint) continue;
    best.set(walk.path, Math.max(best.get(walk.path) ?? 0, walk.passed));
  }
  return [...best].map(([number, passed]) => {
    const path = paths.get(number)!;
    return { ...path, steps: path.steps.slice(0, passed) };
  });
}

export interface LayerCoverage {
  /** What the walks reached. */
  coverage: Coverage;
  /** Which test files or commands recorded walks of this chart on this layer, and when. */
  sources: Array<{ source: string; recordedAt: string }>;
}

/** What the recorded replays of `model` reached on `layer`; undefined when nothing was recorded. */
export function readCoverage(layer: CoverageLayer, model: PathModel): LayerCoverage | undefined {
  const dir = join(coverageDir, layer, model.chart);
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as CoverageFile)
    // A test file since deleted or renamed no longer speaks for the chart.
    .filter((file) => !/\.(test|spec)\.tsx?$/.test(file.source) || existsSync(join(root, file.source)));
  if (files.length === 0) return undefined;
  return {
    coverage: checkCoverage(
      model,
      walkedPaths(
        model,
        files.flatMap((f) => f.walks),
      ),
    ),
    sources: files.map(({ source, recordedAt }) => ({ source, recordedAt })),
  };
}

/** "states 9/9, transitions 21/21" */
export function coverageSummary(coverage: Coverage): string {
  const part = (what: string, c: { total: number; missing: string[] }) =>
    `${what} ${c.total - c.missing.length}/${c.total}`;
  return `${part('states', coverage.states)}, ${part('transitions', coverage.transitions)}`;
}

/** Whether nothing of the chart is left unreached. */
export const isComplete = (coverage: Coverage) =>
  coverage.states.missing.length === 0 && coverage.transitions.missing.length === 0;
