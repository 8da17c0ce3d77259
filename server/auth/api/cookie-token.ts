/** The cookie the web client keeps the access token in (spec §3: access_token). */
export const ACCESS_TOKEN_COOKIE = 'access_token';

/** The value of cookie `name` in a `cookie` request header, decoded; undefined when absent or empty. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    const raw = pair.slice(at + 1).trim();
    try {
      return decodeURIComponent(raw) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
