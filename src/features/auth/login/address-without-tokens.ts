/** What the hosted login hands over in the URL and must not stay there (history, shared links). */
const SECRET_PARAMS = ['accessToken', 'refreshToken', 'userId'];

/** `path?search` without the tokens; other parameters (redirect, error) stay. */
export function addressWithoutTokens(path: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of SECRET_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}
