import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { realtimeEvent, realtimeProtocol } from '../../contracts/realtime';
import { loginUrl } from '../../machines/login/login.paths';
import {
  REALTIME_KNOWN_CUSTOMER,
  REALTIME_NEW_CUSTOMER,
  realtimeConnectionPathModel,
} from '../../machines/realtime/realtime-connection.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type RealtimeLayer, realtimeDriver } from '../support/drivers/realtime.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { customer } from './support/customer-fixtures';
import { fakeCustomersServer, settleUntil, withCustomerPagesPreloaded } from './support/customers-api';
import { FAKE_CLOCK, sessionAnswer } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { installScriptedSocket, type ScriptedSocket } from './support/realtime-socket';
import { accessTokenExpiringIn, sessionCheck } from './support/session-cookies';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(realtimeConnectionPathModel);

/** The login's "Autenticando..." lasts at least this long before the app moves on. */
const LOGIN_MINIMUM_MS = 500;

describe('the realtime socket: chart paths on the customers list, the server played frame by frame', () => {
  withPagesPreloaded();
  withCustomerPagesPreloaded();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK] });
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    // A handle left by an earlier test's client would read as this one's.
    if (window.__fechai) delete window.__fechai.realtime;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const Socket = installScriptedSocket();
      const customers = fakeCustomersServer({
        customers: [customer({ ...REALTIME_KNOWN_CUSTOMER, email: null })],
      });
      let app: ReturnType<typeof openSignedIn> | undefined;
      // Until no customers call is being answered and the page holds still (a page loading while
      // the session check is held counts as still).
      const settleAll = () => settleUntil(() => customers.inFlight === 0);
      const ui = { ...jsdomSurface({ url: () => app?.url() }), settle: settleAll };
      const current = (): ScriptedSocket => {
        const socket = Socket.opened.at(-1);
        if (!socket) throw new Error('the app dialled no socket');
        return socket;
      };
      const layer: RealtimeLayer = {
        async open() {
          app = openSignedIn('/customers', { holdCheck: true, routes: [customers.routes] });
          await settleAll();
        },
        async signIn() {
          const answer = sessionAnswer(sessionCheck());
          if (app!.server.session.pending > 0) {
            app!.server.session.always(answer);
          } else {
            // Signed out before: back from the hosted login with a fresh pair, as /login receives it.
            act(() =>
              app!.location.navigate(
                loginUrl({
                  accessToken: accessTokenExpiringIn(15 * 60, 'again'),
                  refreshToken: 'rt-again',
                  userId: sessionCheck().user.id,
                }),
              ),
            );
            await ui.advance(LOGIN_MINIMUM_MS);
          }
          await settleAll();
        },
        async signOut() {
          act(() => app!.location.navigate('/logout'));
          await settleAll();
        },
        async deliver(frame) {
          const socket = current();
          if (frame === 'ready') {
            // Dialled as the contract says: our subprotocol, then the session's token.
            if (socket.protocols[0] !== realtimeProtocol || !socket.protocols[1])
              throw new Error(`the socket offered ${JSON.stringify(socket.protocols)}`);
            socket.push({ type: 'ready' });
          } else if (frame === 'pong') {
            // The server answers a ping: the client must have sent one.
            if (!socket.sent.some((message) => (message as { type?: string }).type === 'ping'))
              throw new Error('no ping to answer');
            socket.push({ type: 'pong' });
          } else {
            customers.customers.push(customer({ ...REALTIME_NEW_CUSTOMER, email: null }));
            socket.push(realtimeEvent('customer.created', { customerId: REALTIME_NEW_CUSTOMER.id }));
          }
        },
        async close(code) {
          current().drop(code);
        },
        dials: async () => Socket.opened.length,
      };
      const driver = realtimeDriver(ui, layer);
      await walkPath(realtimeConnectionPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      app?.unmount();
    },
    // A path is a whole visit (sign-in check, page, calls, up to 35 s of the app's clock).
    30_000,
  );
});
