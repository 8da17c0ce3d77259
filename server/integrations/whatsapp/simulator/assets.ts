import type { FastifyInstance } from 'fastify';
import { LOOK_FILES } from '../../../auth/hosted/assets';
import { CSS, registerStaticAssets } from '../../../http/static-assets';

/**
 * The play page's files: the hosted login's look, the simulators' shared rules (the Stripe
 * simulator's stylesheet: badge, lists, actions) and a few of its own (the chat).
 */
const FILES = {
  ...LOOK_FILES,
  'simulator.css': {
    type: CSS,
    source: new URL('../../billing/stripe-simulator/assets/simulator.css', import.meta.url),
  },
  'play.css': { type: CSS, source: new URL('./assets/play.css', import.meta.url) },
} as const;

export type PlayAssetName = keyof typeof FILES;
export type PlayAssets = Record<PlayAssetName, string>;

/** Served under /dev/whatsapp/assets/, each URL carrying a digest of its content. */
export function registerPlayAssets(app: FastifyInstance): Promise<PlayAssets> {
  return registerStaticAssets(app, '/dev/whatsapp/assets', FILES);
}
