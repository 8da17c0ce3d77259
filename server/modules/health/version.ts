import { readFileSync } from 'node:fs';

/** The app's version, from package.json, read once at startup. */
export const appVersion: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version;
