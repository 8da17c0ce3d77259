import type { RemoteConfigText } from '../../../contracts/remote-config';
import type { CustomSignals } from '../../../machines/remote-config/custom-signals';
import {
  type RemoteConfigEvent,
  RemoteConfigThrottled,
} from '../../../machines/remote-config/remote-config.machine';
import type { RemoteConfigSnapshot } from '../../../machines/remote-config/remote-config.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The remote-config chart's driver, written once for jsdom and Chromium. What the user sees is the
 * task detail's "Cobrar com Nubank" link (the configured charge link, or the default); the layer
 * opens that page (each opening asks for the parameters), plays the source (GET /api/remote-config
 * held until a step answers it: parameters, a 429, a dropped connection; Firebase's realtime push)
 * and the app's custom signals, and reads the chart's state from the app. Time is the surface's clock.
 */
export interface RemoteConfigLayer {
  /** The task detail opened (again, leaving it first when it is on screen): the app asks for the parameters. */
  openCharge(): Promise<void>;
  /** The source pushes new parameters, already activated (realtime update). */
  push(text: RemoteConfigText): Promise<void>;
  /** The app sets custom signals. */
  setSignals(signals: CustomSignals): Promise<void>;
  /** The held GET /api/remote-config answered. */
  answer(reply: { parameters: RemoteConfigText } | 'throttled' | 'network'): Promise<void>;
  /** GET /api/remote-config requests the server got so far. */
  requests(): Promise<number>;
  /** The chart's state and last fetch status, as the app holds them. */
  chart(): Promise<{ state: string; status: string }>;
}

/** The charge link on screen (null: the task detail's charge card is not). Runs in the page. */
function readChargeLink(document: Document): string | null {
  const link = [...document.querySelectorAll('a')].find((a) => a.textContent?.trim() === 'Cobrar com Nubank');
  return link?.getAttribute('href') ?? null;
}

const FETCH_TIMEOUT = 'xstate.after.fetchTimeout.';
const MINIMUM_INTERVAL = 'xstate.after.minimumFetchInterval.';
const DONE = 'xstate.done.actor.fetchConfig';
const ERROR = 'xstate.error.actor.fetchConfig';

export function remoteConfigDriver(ui: UiSurface, layer: RemoteConfigLayer, path: ChartPath) {
  const snapshot = (index: number) => path.steps[index]!.state as RemoteConfigSnapshot;
  const fetchesUpTo = (index: number) =>
    path.steps.slice(1, index + 1).filter((step) => step.event.type === 'FETCH').length;
  return {
    async act(index: number) {
      if (index === 0) return;
      const event = path.steps[index]!.event;
      const e = event as RemoteConfigEvent;
      if (e.type === 'FETCH') await layer.openCharge();
      else if (e.type === 'UPDATED') await layer.push(e.text);
      else if (e.type === 'SET_CUSTOM_SIGNALS') await layer.setSignals(e.signals);
      else if (event.type === DONE)
        await layer.answer({ parameters: (event as unknown as { output: RemoteConfigText }).output });
      else if (event.type === ERROR)
        await layer.answer(
          (event as unknown as { error: unknown }).error instanceof RemoteConfigThrottled
            ? 'throttled'
            : 'network',
        );
      else if (event.type.startsWith(FETCH_TIMEOUT)) await ui.advance(60_000);
      else if (event.type.startsWith(MINIMUM_INTERVAL)) await ui.advance(60 * 60_000);
      else throw new Error(`no plan for ${event.type}`);
      await ui.settle();
    },
    async check(index: number) {
      const want = snapshot(index);
      const opened = fetchesUpTo(index) > 0;
      await expectScreen(
        ui,
        async () => ({
          link: await ui.read(readChargeLink, null),
          requests: await layer.requests(),
          chart: await layer.chart(),
        }),
        (seen) => [
          ...differs(
            'the charge link on screen',
            seen.link,
            opened ? want.context.values.charge.chargeCreationUrl : null,
          ),
          ...differs('the remote-config requests', seen.requests, fetchesUpTo(index)),
          ...differs("the remote-config chart's state", seen.chart, {
            state: JSON.stringify(want.value),
            status: want.context.status,
          }),
        ],
      );
    },
  };
}

/** What must be true after step `index`, in words (for the replay report). */
export function remoteConfigExpectation(path: ChartPath, index: number): string {
  const { value, context } = path.steps[index]!.state as RemoteConfigSnapshot;
  return `configuração em ${JSON.stringify(value)} (${context.status}); "Cobrar com Nubank" leva a ${context.values.charge.chargeCreationUrl}`;
}
