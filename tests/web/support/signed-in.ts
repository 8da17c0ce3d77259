import { beforeEach } from 'vitest';
import type { SessionCheck } from '../../../contracts/session';
import { fakeApi, sessionAnswer } from './fake-api';
import { accessTokenExpiringIn, sessionCheck, setSessionCookies } from './session-cookies';

/**
 * For a describe block whose pages are in the signed-in area: each test starts with session
 * cookies and a server that answers the session check with `answer` (active by default).
 */
export function withSignedInUser(answer: SessionCheck = sessionCheck()): void {
  beforeEach(() => {
    setSessionCookies({
      accessToken: accessTokenExpiringIn(15 * 60),
      refreshToken: 'rt-test',
      userId: answer.user.id,
    });
    fakeApi({ session: sessionAnswer(answer) });
  });
}
