import {
  planRealtimeStep,
  REALTIME_NEW_CUSTOMER,
  type RealtimeAction,
} from '../../../machines/realtime/realtime-connection.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The realtime chart's driver, written once for jsdom and Chromium. The layer plays the session
 * (its check answered, a sign-out, a sign-in again) and the server's end of the socket: it holds
 * every frame the server sends until a step lets the next of a kind through, closes the socket
 * with a step's code, and counts the sockets the app dialled. Time is the surface's clock.
 */
export interface RealtimeLayer {
  /** The customers list opened signed in, the session check held: the realtime client not started. */
  open(): Promise<void>;
  /** The session gets its token (the held check answered, or a sign-in again): the client starts. */
  signIn(): Promise<void>;
  /** The owner signs out (/logout): the signed-in area, and the client with it, ends. */
  signOut(): Promise<void>;
  /** Lets the server's next held frame of this kind reach the page (for `event`, the server first makes one). */
  deliver(frame: 'ready' | 'event' | 'pong'): Promise<void>;
  /** The open socket closes with `code` (1006: the link drops without a close frame). */
  close(code: number): Promise<void>;
  /** Sockets the app dialled to GET /api/realtime so far. */
  dials(): Promise<number>;
}

interface SeenRealtime {
  state: string;
  listed: string[] | null;
}

/** The chart's state from the app's debug handle, and the customers list's names (runs in the page). */
function readRealtime(document: Document): SeenRealtime {
  const list = document.querySelector('ul[aria-label="Clientes"]');
  return {
    // No handle yet: the client has not started, so there is no socket.
    state: document.defaultView?.__fechai?.realtime?.state() ?? 'stopped',
    listed: list
      ? [...list.querySelectorAll('.customer-row__name')].map((name) => name.textContent ?? '')
      : null,
  };
}

export function realtimeDriver(ui: UiSurface, layer: RealtimeLayer) {
  const perform = (action: RealtimeAction) => {
    switch (action.do) {
      case 'open':
        return layer.open();
      case 'signIn':
        return layer.signIn();
      case 'signOut':
        return layer.signOut();
      case 'deliver':
        return layer.deliver(action.frame);
      case 'close':
        return layer.close(action.code);
      case 'wait':
        return ui.advance(action.ms);
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planRealtimeStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    check(path: ChartPath, index: number) {
      const { screen } = planRealtimeStep(path as never, index);
      return expectScreen(
        ui,
        async () => ({ seen: await ui.read(readRealtime, null), dials: await layer.dials() }),
        ({ seen, dials }) => [
          ...differs("the realtime chart's state", seen.state, screen.state),
          ...differs('the sockets dialled', dials, screen.dials),
          ...(screen.newCustomerListed === null
            ? []
            : differs(
                `${REALTIME_NEW_CUSTOMER.name} on the customers list`,
                seen.listed?.includes(REALTIME_NEW_CUSTOMER.name) ?? 'no list on screen',
                screen.newCustomerListed,
              )),
        ],
      );
    },
  };
}

/** What must be true after step `index`, in words (for the replay report). */
export function realtimeExpectation(path: ChartPath, index: number): string {
  const { screen } = planRealtimeStep(path as never, index);
  return [
    `o socket em "${screen.state}"`,
    `${screen.dials} conexão(ões) aberta(s) até aqui`,
    screen.newCustomerListed === null
      ? ''
      : `${REALTIME_NEW_CUSTOMER.name} ${screen.newCustomerListed ? 'aparece' : 'não aparece'} na lista de clientes`,
  ]
    .filter(Boolean)
    .join('; ');
}
