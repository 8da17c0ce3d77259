import type { FastifyInstance } from 'fastify';
import { LOOK_FILES } from '../../../auth/hosted/assets';
import { CSS, JS, registerStaticAssets } from '../../../http/static-assets';

/** The signup popup's files: the look of our other server-rendered pages, and its one script. */
const FILES = {
  ...LOOK_FILES,
  'simulator.css': {
    type: CSS,
    source: new URL('../../billing/stripe-simulator/assets/simulator.css', import.meta.url),
  },
  'signup.js': { type: JS, source: new URL('./assets/signup.js', import.meta.url) },
} as const;

export type SignupAssets = Record<keyof typeof FILES, string>;

export function registerSignupAssets(app: FastifyInstance): Promise<SignupAssets> {
  return registerStaticAssets(app, '/dev/whatsapp/signup/assets', FILES);
}
