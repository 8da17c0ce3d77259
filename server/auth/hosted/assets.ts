import type { FastifyInstance } from 'fastify';
import { CSS, JS, registerStaticAssets, SVG } from '../../http/static-assets';

/**
 * What every page in the hosted login's look loads. The theme script, the design tokens and the
 * icon are the app's own files, so both look and switch themes alike from one source. Other
 * server-rendered pages that borrow the look (the Stripe simulator's) serve these same files.
 */
export const LOOK_FILES = {
  'theme.js': { type: JS, source: new URL('../../../public/theme-init.js', import.meta.url) },
  'tokens.css': { type: CSS, source: new URL('../../../src/styles/tokens.css', import.meta.url) },
  'favicon.svg': { type: SVG, source: new URL('../../../public/favicon.svg', import.meta.url) },
  'hosted.css': { type: CSS, source: new URL('./assets/hosted.css', import.meta.url) },
} as const;

export type LookAssetName = keyof typeof LOOK_FILES;

/** What the hosted login's pages load, all served from here (nothing from another host). */
const FILES = {
  ...LOOK_FILES,
  'password-rules.js': { type: JS, source: new URL('./assets/password-rules.js', import.meta.url) },
} as const;

export type AssetName = keyof typeof FILES;

/** Each asset's URL, with a digest of its content: a changed file gets a new URL, so caching it for a year is safe. */
export type AssetUrls = Record<AssetName, string>;

/** Reads the files once and serves them under /auth/assets/. */
export function registerAssets(app: FastifyInstance): Promise<AssetUrls> {
  return registerStaticAssets(app, '/auth/assets', FILES);
}
