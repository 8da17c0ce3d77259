import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { checkSessionContract } from '../../../contracts/session';
import type { CheckSessionInput, CheckSessionOutput } from '../../../machines/session/session.types';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import { sessionQueryTiming } from '../../lib/cache/query-client';
import { readSessionCookies, writeSessionCookies } from '../../lib/session/session-cookies';
import { sessionRequestHeaders } from '../../lib/session/session-headers';

export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * The session chart's `checkSession`: GET /api/session/check through TanStack Query (spec §9
 * session timing: fresh 5 min, kept 10 min, 1 retry with capped backoff, none on a 4xx). A forced
 * check drops any cached or running answer and asks the server.
 */
/**
 * One check at a time across this browser's tabs. They share the cookies, and a refresh token works
 * once (the server ends the sign-in when a used one comes back), so two tabs whose refresh timers fire
 * together must not both spend it: the second waits, then reads the pair the first one stored.
 * Without the Web Locks API (old browsers, jsdom) checks simply run.
 */
async function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  // The lock is held until `work` settles; its result (or error) comes back through request().
  return (await locks.request('fechai-session-check', work)) as T;
}

export function createCheckSession(queryClient: QueryClient) {
  return fromPromise<CheckSessionOutput, CheckSessionInput>(({ input }) => oneTabAtATime(() => check(input)));

  async function check(input: CheckSessionInput): Promise<CheckSessionOutput> {
    // The cookies are shared by every tab: a pair another tab rotated is newer than the chart's.
    const stored = readSessionCookies();
    const tokens = stored.accessToken || stored.refreshToken ? stored : input;
    if (input.force) await queryClient.cancelQueries({ queryKey: SESSION_QUERY_KEY });
    const answer = await queryClient.fetchQuery({
      queryKey: SESSION_QUERY_KEY,
      queryFn: ({ signal }) =>
        api
          .get(checkSessionContract.url, {
            schema: checkSessionContract.response,
            headers: sessionRequestHeaders(tokens),
            signal,
          })
          .then(unwrapEnvelope),
      ...sessionQueryTiming,
      staleTime: input.force ? 0 : sessionQueryTiming.staleTime,
    });
    // Stored before the lock is released, so the next tab reads this pair (the chart stores it again).
    if (answer?.tokens) writeSessionCookies({ ...answer.tokens, userId: answer.user.id });
    const changed = tokens.accessToken !== input.accessToken || tokens.refreshToken !== input.refreshToken;
    // Report a newer pair from the cookies as the session's own, so the chart times its refresh on it.
    if (!answer.tokens && changed && tokens.accessToken && tokens.refreshToken) {
      return { ...answer, tokens: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken } };
    }
    return answer;
  }
}
