import {
  getPendingPhoneChangeContract,
  getSettingsUserContract,
  type SettingsUser,
  sendPhoneChangeCodeContract,
  verifyPhoneChangeContract,
} from '../../../contracts/settings';
import { type Answer, type FakeRoutes, HeldCalls, type Reply } from './fake-api';

/** The user GET /api/settings/user answers under `getUser`: Ana, of Doces da Ana, unless overridden. */
export function settingsUser(overrides: Partial<SettingsUser> = {}): SettingsUser {
  return {
    id: 'u-ana',
    name: 'Ana Souza',
    email: 'ana@docesdaana.com.br',
    mobilePhone: '5511987654321',
    mobilePhoneVerifiedAt: '2030-01-02T12:00:00.000Z',
    createdAt: '2030-01-01T12:00:00.000Z',
    company: { id: 'c-doces', name: 'Doces da Ana', businessName: 'Ana Souza Doces ME' },
    ...overrides,
  };
}

/**
 * The settings calls (the user, the phone change's pending code, its send and its check), each held
 * until the test answers it, or answered at once with a standing reply.
 */
export function fakeSettingsRoutes(
  standing: { user?: Reply; pending?: Answer; sendCode?: Reply; verifyCode?: Reply } = {},
) {
  const user = new HeldCalls(standing.user);
  const pending = new HeldCalls(standing.pending);
  const sendCode = new HeldCalls(standing.sendCode);
  const verifyCode = new HeldCalls(standing.verifyCode);
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && pathname === getSettingsUserContract.url) return user.receive(request);
    if (request.method === 'GET' && pathname === getPendingPhoneChangeContract.url)
      return pending.receive(request);
    if (request.method === 'POST' && pathname === sendPhoneChangeCodeContract.url)
      return sendCode.receive(request);
    if (request.method === 'POST' && pathname === verifyPhoneChangeContract.url)
      return verifyCode.receive(request);
    return undefined;
  };
  return { user, pending, sendCode, verifyCode, routes };
}
