/** Query parameters that carry secrets: sign-in tokens, e-mail links, reset links. */
const SECRET_PARAM = /token|secret|password|code/i;

/**
 * A URL as it may be written to logs or stored: the values of secret-bearing query parameters are
 * replaced (`/login?accessToken=[oculto]`), everything else kept. The hosted login hands tokens over
 * in /login's address, and e-mail links carry single-use tokens; a log reader must not be able to
 * replay them. Accepts a path (`/auth/x?token=…`) or an absolute URL, and returns the same kind.
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const hashAt = url.indexOf('#', queryAt);
  const query = url.slice(queryAt + 1, hashAt === -1 ? undefined : hashAt);
  const params = new URLSearchParams(query);
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (SECRET_PARAM.test(key)) {
      params.set(key, '[oculto]');
      changed = true;
    }
  }
  if (!changed) return url;
  // The fragment never reaches the server, but a client-reported URL may have one: dropped.
  return `${url.slice(0, queryAt)}?${params}`;
}
