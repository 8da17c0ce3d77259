import type { FastifyInstance } from 'fastify';
import { LOOK_FILES } from '../../../auth/hosted/assets';
import { CSS, JS, registerStaticAssets } from '../../../http/static-assets';

/**
 * The simulator pages' files (the play page and the Embedded Signup popup): the hosted login's look,
 * the simulators' shared rules (the Stripe simulator's stylesheet: badge, lists, actions), the
 * chat's own rules and the popup's one script.
 */
const FILES = {
  ...LOOK_FILES,
  'simulator.css': {
    type: CSS,
    source: new URL('../../billing/stripe-simulator/assets/simulator.css', import.meta.url),
  },
  'play.css': { type: CSS, source: new URL('./assets/play.css', import.meta.url) },
  'signup.js': { type: JS, source: new URL('./assets/signup.js', import.meta.url) },
} as const;

export type SimulatorAssetName = keyof typeof FILES;
export type SimulatorAssets = Record<SimulatorAssetName, string>;

/** Served under /dev/whatsapp/assets/, each URL carrying a digest of its content. */
export function registerSimulatorAssets(app: FastifyInstance): Promise<SimulatorAssets> {
  return registerStaticAssets(app, '/dev/whatsapp/assets', FILES);
}
