import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { RemoteConfigText } from '../../contracts/remote-config';
import { MAX_CUSTOM_SIGNALS } from './custom-signals';
import { type RemoteConfigEvent, RemoteConfigThrottled, remoteConfigMachine } from './remote-config.machine';
import type { RemoteConfigValues } from './remote-config-values';

/**
 * The remote-config chart's path model: fetches answered, failing, throttled or hanging past 60 s,
 * values usable or not, the hour before the next fetch, realtime updates and custom signals.
 */

export type RemoteConfigSnapshot = SnapshotFrom<typeof remoteConfigMachine>;

/** In-code defaults as the app builds them (the links are the app's; these stand in). */
export const pathDefaults: RemoteConfigValues = {
  invitePage: {},
  invitePageConfig: { badge: 'Indique e ganhe', title: 'Convide e ganhe', current_week_enabled: false },
  referralProgramme: {},
  charge: {
    chargeCreationUrl: 'https://nubank.com.br/empresas/assistente-de-cobrancas/',
    whyChargeUrl: 'https://wa.me/5511900000001?text=Por%20que%20cobrar%3F',
  },
};

export const CONFIGURED_CHARGE_URL = 'https://nubank.com.br/empresas/cobrancas/?origem=fechai';
export const PUSHED_CHARGE_URL = 'https://nubank.com.br/empresas/cobrancas/?origem=tempo-real';

/** What the source answers: usable values, and values none of which can be used. */
export const configuredText: RemoteConfigText = {
  charge_with_nu_uri_web: CONFIGURED_CHARGE_URL,
  mgm_page_config: '{"badge":"Ganhe em dobro"}',
};
export const unusableText: RemoteConfigText = {
  charge_with_nu_uri_web: 'http://inseguro.example/',
  mgm_page_config: '{não é JSON',
};
const pushedText: RemoteConfigText = { charge_with_nu_uri_web: PUSHED_CHARGE_URL };

const oneSignal: RemoteConfigEvent = { type: 'SET_CUSTOM_SIGNALS', signals: { plano: 'anual' } };
const tooManySignals: RemoteConfigEvent = {
  type: 'SET_CUSTOM_SIGNALS',
  signals: Object.fromEntries(
    Array.from({ length: MAX_CUSTOM_SIGNALS + 1 }, (_, i) => [`sinal_${i + 1}`, i]),
  ),
};

const network = new Error('Failed to fetch');
const throttled = new RemoteConfigThrottled('fetch throttled');

function chargeUrlWords(url: string): string {
  if (url === pathDefaults.charge.chargeCreationUrl) return 'the default charge link';
  if (url === CONFIGURED_CHARGE_URL) return 'the configured charge link';
  return 'the pushed charge link';
}

export const remoteConfigPathModel = {
  chart: 'remote-config',
  title: 'Remote configuration: fetched at most hourly, defaults kept on failure, realtime updates',
  machine: remoteConfigMachine,
  scenarios: [
    { name: 'app', summary: 'The app starts with its in-code defaults', input: { defaults: pathDefaults } },
  ] as const,

  events(snapshot: RemoteConfigSnapshot): RemoteConfigEvent[] {
    const events: RemoteConfigEvent[] = [{ type: 'FETCH' }, { type: 'UPDATED', text: pushedText }];
    // Signals are tried from the start only: their outcome does not depend on the fetch state.
    if (snapshot.matches('noFetchYet') && Object.keys(snapshot.context.signals).length === 0) {
      events.push(oneSignal, tooManySignals);
    }
    return events;
  },

  actors: [
    {
      id: 'fetchConfig',
      src: 'fetchConfig',
      outputs: [configuredText, unusableText],
      errors: [network, throttled],
    },
  ],

  serializeState(snapshot: RemoteConfigSnapshot): string {
    const { values, status, signals, signalsRefused } = snapshot.context;
    return [
      JSON.stringify(snapshot.value),
      status,
      values.charge.chargeCreationUrl,
      values.invitePageConfig.badge,
      `signals ${Object.keys(signals).length}`,
      signalsRefused ? 'refused' : '',
    ].join(' · ');
  },

  coverageKey(snapshot: RemoteConfigSnapshot): string {
    return JSON.stringify(snapshot.value);
  },

  describeState(snapshot: RemoteConfigSnapshot): string {
    const { values, status, signalsRefused } = snapshot.context;
    const where = snapshot.matches('fetching')
      ? 'a fetch is under way'
      : snapshot.matches({ success: 'fresh' })
        ? 'fetched within the hour (a FETCH is answered from what is there)'
        : snapshot.matches({ success: 'stale' })
          ? 'fetched over an hour ago'
          : snapshot.matches({ throttle: 'waiting' })
            ? 'throttled, waiting the hour'
            : snapshot.matches({ throttle: 'ready' })
              ? 'throttled an hour ago'
              : snapshot.matches('failure')
                ? 'the last fetch failed'
                : 'nothing fetched yet';
    const refused = signalsRefused ? '; the 101st custom signal was refused' : '';
    return `${where}; status ${status}; ${chargeUrlWords(values.charge.chargeCreationUrl)}, badge "${values.invitePageConfig.badge}"${refused}`;
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'FETCH':
        return 'The app asks for the parameters';
      case 'UPDATED':
        return 'The source pushes a new charge link (realtime)';
      case 'SET_CUSTOM_SIGNALS':
        return Object.keys((event as unknown as { signals: object }).signals).length > MAX_CUSTOM_SIGNALS
          ? `The app sets ${MAX_CUSTOM_SIGNALS + 1} custom signals`
          : 'The app sets one custom signal';
      case 'xstate.done.actor.fetchConfig':
        return (event as unknown as { output: RemoteConfigText }).output.charge_with_nu_uri_web ===
          CONFIGURED_CHARGE_URL
          ? 'The source answers a charge link and invite texts'
          : 'The source answers values that cannot be used (an http link, broken JSON)';
      case 'xstate.error.actor.fetchConfig':
        return (event as unknown as { error: unknown }).error instanceof RemoteConfigThrottled
          ? 'The source says to wait (throttle)'
          : 'The fetch fails (network)';
      case 'xstate.after.fetchTimeout.remoteConfig.fetching':
        return '60 s pass without an answer';
      default:
        return event.type.startsWith('xstate.after.minimumFetchInterval') ? 'An hour passes' : event.type;
    }
  },
};
