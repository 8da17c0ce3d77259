import { sessionHeaders } from '../../../contracts/session';
import type { StoredSession } from './session-cookies';
import { readSessionCookies } from './session-cookies';

/** Spec §7: `authorization: Bearer <access>` and `refresh_token: <refresh>`, whichever is present. */
export function sessionRequestHeaders(
  tokens: Pick<StoredSession, 'accessToken' | 'refreshToken'> = readSessionCookies(),
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (tokens.accessToken) headers[sessionHeaders.authorization] = `Bearer ${tokens.accessToken}`;
  if (tokens.refreshToken) headers[sessionHeaders.refreshToken] = tokens.refreshToken;
  return headers;
}
