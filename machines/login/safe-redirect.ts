import { appPaths } from '../app-paths';
/** Where a sign-in lands when it is not told (or not allowed) to go elsewhere. */
export const DEFAULT_DESTINATION = appPaths.home;

// Any base will do: only whether the path would leave it matters.
const PROBE_ORIGIN = 'https://app.invalid';

/**
 * A `redirect` value the app may follow: a path of this app (one leading "/"). Anything that
 * would leave it ("//host", "/\host", "https://…", "javascript:…") is refused, so a crafted link
 * cannot send a freshly signed-in user to another site.
 */
export function isSameAppPath(value: string | undefined | null): value is string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return false;
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/** The redirect value when it is a same-app path, else /home. */
export function destinationFrom(redirect: string | undefined | null): string {
  return isSameAppPath(redirect) ? redirect : DEFAULT_DESTINATION;
}
