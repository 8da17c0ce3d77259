import type { Page, WebSocketRoute } from 'playwright-core';
import WebSocket from 'ws';
import { realtimeCloseCodes, realtimeCloseReasons } from '../../../contracts/realtime-protocol';
import { checkSessionContract } from '../../../contracts/session';
import { LOGIN_PENDING_MIN_MS } from '../../../machines/login/login.machine';
import { loginUrl } from '../../../machines/login/login.paths';
import {
  REALTIME_KNOWN_CUSTOMER,
  REALTIME_NEW_CUSTOMER,
} from '../../../machines/realtime/realtime-connection.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type RealtimeLayer,
  realtimeDriver,
  realtimeExpectation,
} from '../../../tests/support/drivers/realtime.driver';
import { tamperSignature } from '../../../tests/support/tamper-token';
import { completeSignup, connectBody } from '../../../tests/support/whatsapp-signup';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { apiOf } from '../owner-api';
import { pollUntil } from '../poll';
import { sessionCookies } from '../sign-in';
import { clockedSurface, pauseClockAt } from './clocked-surface';
import { HeldCalls } from './held-calls';
import { holdHostedLogout } from './hosted-logout';
import { navigateInApp } from './in-app-navigation';

/** How long a step waits for the real server's frame or close (real time). */
const SERVER_TIMEOUT_MS = 15_000;
/** What a browser reports for a link dropped without a close frame. */
const ABNORMAL_CLOSURE = 1006;

/**
 * One socket the app dialled, relayed to the real server over a socket of the replay's own: the
 * server's frames are kept until a step lets the next of a kind reach the page, and how the server
 * ended it is noted until a step passes it on.
 */
interface Link {
  page: WebSocketRoute;
  server: WebSocket;
  frames: string[];
  serverClosed: number | null;
}

interface Relay {
  links: Link[];
  /** The next dial offers the server a token with a broken signature: the real server's 4401. */
  refuseNextDial: boolean;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, found: () => T | undefined): Promise<T> {
  for (let waited = 0; waited <= SERVER_TIMEOUT_MS; waited += 25) {
    const value = found();
    if (value !== undefined) return value;
    await pause(25);
  }
  throw new Error(`${what} never came`);
}

const typeOf = (frame: string) => (JSON.parse(frame) as { type?: string }).type;

/**
 * Relays every socket the page opens to GET /api/realtime to the real server, offering the page's
 * own subprotocols (ours and its token), or for a refused dial the token with its signature broken.
 */
async function relaySockets(page: Page, relay: Relay): Promise<void> {
  await page.routeWebSocket(
    (url) => url.pathname === '/api/realtime',
    (socket) => {
      const [protocol = '', token = ''] = socket.protocols();
      const offered = relay.refuseNextDial ? [protocol, tamperSignature(token)] : [protocol, token];
      relay.refuseNextDial = false;
      const server = new WebSocket(socket.url(), offered);
      const link: Link = { page: socket, server, frames: [], serverClosed: null };
      relay.links.push(link);
      const toServer: string[] = [];
      server.on('open', () => {
        for (const frame of toServer.splice(0)) server.send(frame);
      });
      server.on('message', (data) => link.frames.push(data.toString()));
      server.on('close', (code) => {
        link.serverClosed = code;
      });
      server.on('error', () => {});
      // The app's pings go on to the server, which answers them with a pong (kept like every frame).
      socket.onMessage((message) => {
        if (server.readyState === WebSocket.OPEN) server.send(message.toString());
        else toServer.push(message.toString());
      });
      // The app closed it (a new token, a sign-out, a timeout): the server's end goes too.
      socket.onClose(() => server.close());
    },
  );
  page.once('close', () => {
    for (const { server } of relay.links) server.terminate();
  });
}

/** The run's WhatsApp number, connected through the real routes and the local Cloud API. */
async function connectedNumber(page: Page, context: ReplayContext): Promise<string> {
  return context.once('realtime:whatsapp', async () => {
    const phone = `55119${String(Date.now()).slice(-8)}`;
    const signup = await completeSignup(context.baseURL, { phone, businessName: 'Realtime Replay' });
    await apiOf(page, context.baseURL)('POST', '/api/whatsapp-connections', connectBody(signup));
    const phoneNumberId = signup.data.phone_number_id;
    if (!phoneNumberId) throw new Error('the local Cloud API handed no phone number id');
    return phoneNumberId;
  });
}

interface Run {
  relay: Relay;
  sessionChecks: HeldCalls;
  /** The hosted logout addresses the app has asked for (each answered 204). */
  hostedLogouts: string[];
  driver: ReturnType<typeof realtimeDriver>;
}

const runs = new WeakMap<Page, Run>();

function layerFor(page: Page, context: ReplayContext, run: () => Run): RealtimeLayer {
  const ui = clockedSurface(page);
  const current = () => {
    const link = run().relay.links.at(-1);
    if (!link) throw new Error('the app dialled no socket');
    return link;
  };
  let signedOutWith: { accessToken: string; refreshToken: string; userId: string } | null = null;
  return {
    async open() {
      await page.goto(new URL('/customers', context.baseURL).toString());
    },
    async signIn() {
      if (!signedOutWith) {
        await run().sessionChecks.always('real-server');
        return;
      }
      // Back from the hosted login with the pair it hands over, as /login receives it.
      await page.goto(new URL(loginUrl(signedOutWith), context.baseURL).toString());
      signedOutWith = null;
      // "Autenticando..." lasts a minimum on the page's paused clock, timed from when the login's
      // chart starts (once its chunk has loaded, possibly after the load event): move the clock on
      // until the app has left /login.
      await pollUntil(
        'the app to leave /login',
        async () => {
          await ui.advance(LOGIN_PENDING_MIN_MS);
          return new URL(page.url()).pathname;
        },
        (path) => path !== '/login',
        SERVER_TIMEOUT_MS,
      );
    },
    async signOut() {
      const { accessToken, refreshToken, userId } = await sessionCookies(page);
      if (!accessToken || !refreshToken || !userId) throw new Error('no session in the cookies');
      signedOutWith = {
        accessToken: accessToken.value,
        refreshToken: refreshToken.value,
        userId: userId.value,
      };
      const asked = run().hostedLogouts.length;
      await navigateInApp(page, '/logout');
      // The app leaves for the hosted logout once /logout's chunk is in (React reveals it on the
      // paused clock); a navigation of the replay's started before that would be cut short by it
      // (net::ERR_ABORTED), so the step ends once the hosted logout has been asked for.
      await pollUntil(
        'the hosted logout',
        async () => {
          await ui.settle();
          return run().hostedLogouts.length;
        },
        (count) => count > asked,
        SERVER_TIMEOUT_MS,
      );
    },
    async deliver(frame) {
      const link = current();
      if (frame === 'event') {
        // Someone writes to the business for the first time: the server makes them a customer
        // and tells the company's sockets.
        const phoneNumberId = await connectedNumber(page, context);
        const res = await page.request.post(
          new URL('/dev/whatsapp/api/customer-message', context.baseURL).toString(),
          {
            data: {
              phoneNumberId,
              from: `55${REALTIME_NEW_CUSTOMER.phone}`,
              name: REALTIME_NEW_CUSTOMER.name,
              text: 'Oi! Vocês fazem bolo de aniversário?',
            },
          },
        );
        if (!res.ok()) throw new Error(`the local Cloud API answered ${res.status()}`);
        await until('customer.created from the server', () =>
          link.frames.some((f) => typeOf(f) === 'customer.created') ? true : undefined,
        );
        // Every event the message made (message.received too), in the server's order.
        const events = link.frames.filter((f) => !['ready', 'pong'].includes(typeOf(f) ?? ''));
        link.frames = link.frames.filter((f) => !events.includes(f));
        for (const event of events) link.page.send(event);
        return;
      }
      const next = await until(`the server's ${frame}`, () => link.frames.find((f) => typeOf(f) === frame));
      link.frames.splice(link.frames.indexOf(next), 1);
      link.page.send(next);
    },
    async close(code) {
      const link = current();
      if (code === realtimeCloseCodes.unauthenticated) {
        // The real server refused the token; the refresh the app then asks for is held, so no fresh
        // token comes (what the path says next).
        await run().sessionChecks.always(undefined);
        await until('the server closing with 4401', () => (link.serverClosed === code ? true : undefined));
        await link.page.close({ code, reason: realtimeCloseReasons.unauthenticated });
      } else if (code === realtimeCloseCodes.goingAway) {
        // The real server says 1001 only as it shuts down: the relay says it in its place.
        link.server.close();
        await link.page.close({ code, reason: realtimeCloseReasons.goingAway });
      } else if (code === ABNORMAL_CLOSURE) {
        // The link drops: the server's end cut without a close frame, the page told as a browser would.
        link.server.terminate();
        await link.page.close({ code });
      } else throw new Error(`no way to close with ${code}`);
    },
    dials: async () => run().relay.links.length,
  };
}

/**
 * The realtime socket in Chromium, on the customers list: every socket the app opens relayed to the
 * real server's GET /api/realtime (page.routeWebSocket and a socket of the replay's own), its frames
 * held until a step lets them through; the session check held until the session's step.
 */
export const realtimeBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/customers',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarded with a trial, one per run, ' +
    'with one customer made through the real API (and the new customer of an earlier path removed through it), its WhatsApp number connected through the real routes and the local Cloud API; every socket to ' +
    "GET /api/realtime relayed to the real server with page.routeWebSocket, the server's frames " +
    '(ready, pong, events) held until a step lets the next through; the event is real: a new number ' +
    'writes through the local Cloud API and the server sends customer.created; a 4401 is the real ' +
    "server's answer to the token with a broken signature; 1001 (the server shutting down) and 1006 " +
    '(a dropped link) said by the relay; the session check held with page.route until the sign-in ' +
    "step, and again after a 4401; /logout's hosted logout answered 204; the page's clock paused",
  expectation: realtimeExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chartAccount(page, context, 'realtime');
    await connectedNumber(page, context);
    // The list shows someone already, so it is on screen before anyone new writes.
    await context.once('realtime:customers', () =>
      apiOf(page, context.baseURL)('POST', '/api/customers', {
        name: REALTIME_KNOWN_CUSTOMER.name,
        phone: null,
      }),
    );
    // Each path starts before the new customer wrote: an earlier path's is removed through the real API.
    const api = apiOf(page, context.baseURL);
    const { customers } = await api<{ customers: Array<{ id: string; name: string }> }>(
      'GET',
      `/api/customers?search=${encodeURIComponent(REALTIME_NEW_CUSTOMER.name)}`,
    );
    for (const { id } of customers) await api('DELETE', `/api/customers/${id}`);
    const relay: Relay = { links: [], refuseNextDial: false };
    await relaySockets(page, relay);
    const hostedLogouts = await holdHostedLogout(page);
    const sessionChecks = await HeldCalls.on(page, 'GET', checkSessionContract.url);
    await pauseClockAt(page, Date.now());
    const run: Run = { relay, sessionChecks, hostedLogouts, driver: undefined as never };
    run.driver = realtimeDriver(
      clockedSurface(page),
      layerFor(page, context, () => run),
    );
    runs.set(page, run);
  },

  async act(page, path, index) {
    const run = runs.get(page)!;
    // A dial the path's next step refuses (4401) offers the real server a broken token.
    const next = path.steps[index + 1]?.event as { type: string; code?: number } | undefined;
    run.relay.refuseNextDial = next?.type === 'CLOSED' && next.code === realtimeCloseCodes.unauthenticated;
    await run.driver.act(path, index);
  },
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
