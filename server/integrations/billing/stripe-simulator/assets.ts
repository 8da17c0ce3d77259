import type { FastifyInstance } from 'fastify';
import { LOOK_FILES } from '../../../auth/hosted/assets';
import { CSS, registerStaticAssets } from '../../../http/static-assets';

/**
 * What the simulator's pages load: the hosted login's look (so they look like our other
 * server-rendered pages), plus a few rules of their own.
 */
const FILES = {
  ...LOOK_FILES,
  'simulator.css': { type: CSS, source: new URL('./assets/simulator.css', import.meta.url) },
} as const;

export type SimulatorAssetName = keyof typeof FILES;
export type SimulatorAssets = Record<SimulatorAssetName, string>;

/** Reads the files once and serves them under /dev/stripe/assets/, each URL carrying a digest of its content. */
export function registerSimulatorAssets(app: FastifyInstance): Promise<SimulatorAssets> {
  return registerStaticAssets(app, '/dev/stripe/assets', FILES);
}
