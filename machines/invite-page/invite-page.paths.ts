import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { REFERRAL_FETCH_FAILED_TEXT, type ReferralData } from '../../contracts/referral';
import type { InvitePageConfig } from '../../contracts/remote-config';
import { inviteLinkOf, whatsappShareUrl } from './invite-link';
import {
  type InvitePageEvent,
  type InvitePageInput,
  invitePageMachine,
  type LoadedInvite,
} from './invite-page.machine';
import { invitePageTexts, inviteTextsOf, rewardLine } from './invite-page.texts';

/**
 * The invite page's path model (/settings/invite, "Indique e Ganhe"), and per step what to do in
 * the running app and what the person must see (`planInvitePageStep`), as data for drivers.
 */

export type InvitePageSnapshot = SnapshotFrom<typeof invitePageMachine>;

export interface InvitePageScenario {
  name: 'phone' | 'desktop';
  summary: string;
  input: InvitePageInput;
  /** The invite texts the remote configuration answers (mgm_page_config), or none: its defaults. */
  pageConfig: InvitePageConfig | null;
}

export const INVITE_LINK = 'https://app.fechai.com.br/?user_id=u-ana&company_id=c-doces';

/** What GET /api/settings/referral answers first: two installs, one watcher, one reward. */
export const referralAnswer: ReferralData = {
  referralLinks: [INVITE_LINK],
  referredCounters: { totalInstall: 2, totalWatcher: 1 },
  currentCampaign: { totalInstall: 1, totalWatcher: 0 },
  rewards: [
    { id: 'r-1', description: '1 mês grátis', amountCents: 4990, earnedAt: '2030-01-14T15:00:00.000Z' },
  ],
};

/** Read again after a referred company signed up and connected its WhatsApp. */
export const referralChanged: ReferralData = {
  ...referralAnswer,
  referredCounters: { totalInstall: 3, totalWatcher: 2 },
  currentCampaign: { totalInstall: 2, totalWatcher: 1 },
};

/** The phone's remote configuration: the current-week counter on, with its rules. */
export const phonePageConfig: InvitePageConfig = {
  subtitle: 'Cada empresa que assinar pelo seu link vale 1 mês grátis para você.',
  current_week_enabled: true,
  current_week_counter_title: 'Campanha da semana',
  current_week_rules_link: 'https://fechai.com.br/regras-indique-e-ganhe',
  current_week_rules_title: 'Regras da campanha',
};

export const invitePageScenarios: InvitePageScenario[] = [
  {
    name: 'phone',
    summary: 'Ana opens "Indique e Ganhe" on a phone with a share sheet; the current-week counter is on',
    input: { canShare: true },
    pageConfig: phonePageConfig,
  },
  {
    name: 'desktop',
    summary: 'Ana opens "Indique e Ganhe" on a computer without a share sheet; the default texts',
    input: { canShare: false },
    pageConfig: null,
  },
];

const loaded: LoadedInvite = { referral: referralAnswer, serviceLink: null };

function changed(snapshot: InvitePageSnapshot): boolean {
  return (
    snapshot.context.referral?.referredCounters.totalInstall === referralChanged.referredCounters.totalInstall
  );
}

const stateValueOf = (snapshot: InvitePageSnapshot) => JSON.stringify(snapshot.value);

export const invitePagePathModel = {
  chart: 'invite-page',
  title: '/settings/invite: the referral link, copied and shared, and the counters that follow the referrals',
  machine: invitePageMachine,
  scenarios: invitePageScenarios,

  events(snapshot: InvitePageSnapshot): InvitePageEvent[] {
    if (snapshot.matches('failed')) return [{ type: 'RETRY' }];
    if (!snapshot.matches('ready')) return [];
    const events: InvitePageEvent[] = [{ type: 'COPY' }, { type: 'SHARE' }];
    if (!changed(snapshot)) events.push({ type: 'REFERRAL_CHANGED', referral: referralChanged });
    return events;
  },

  actors: [
    {
      id: 'initLinkService',
      src: 'initLinkService',
      outputs: [undefined],
      errors: [new Error('Failed to fetch dynamically imported module')],
    },
    {
      id: 'loadInvite',
      src: 'loadInvite',
      outputs: [loaded],
      errors: [new Error(REFERRAL_FETCH_FAILED_TEXT)],
    },
    {
      id: 'copyLink',
      src: 'copyLink',
      outputs: [undefined],
      errors: [new Error('Write permission denied.')],
    },
    {
      id: 'shareLink',
      src: 'shareLink',
      outputs: [undefined],
      errors: [new DOMException('Share canceled', 'AbortError')],
    },
  ],

  serializeState(snapshot: InvitePageSnapshot): string {
    return `${stateValueOf(snapshot)}${changed(snapshot) ? ' · counters changed' : ''}`;
  },

  /** Copy and share are independent: each region's states on each device is enough. */
  coverageKey(snapshot: InvitePageSnapshot): string {
    return `${stateValueOf(snapshot)} · ${snapshot.context.canShare ? 'share sheet' : 'no share sheet'}`;
  },

  describeState(snapshot: InvitePageSnapshot): string {
    if (snapshot.matches('starting')) return 'the referral-link service starts ("Carregando indicações...")';
    if (snapshot.matches('loading')) return 'the referral data loads ("Carregando indicações...")';
    if (snapshot.matches('failed')) return `the error screen "${REFERRAL_FETCH_FAILED_TEXT}"`;
    const parts = [`the link, counters ${changed(snapshot) ? '3 and 2' : '2 and 1'}`];
    if (snapshot.matches({ ready: { copy: 'copying' } })) parts.push('the link being copied');
    if (snapshot.matches({ ready: { copy: 'copied' } })) parts.push(`"${invitePageTexts.copied}"`);
    if (snapshot.matches({ ready: { copy: 'copyFailed' } })) parts.push('the copy refused');
    if (snapshot.matches({ ready: { share: 'sharing' } })) parts.push('the share sheet open');
    return parts.join(', ');
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'xstate.done.actor.initLinkService':
        return 'The referral-link service has started';
      case 'xstate.error.actor.initLinkService':
        return 'The referral-link service fails to load (logged; the page goes on)';
      case 'xstate.done.actor.loadInvite':
        return 'The server answers the referral data (2 installs, 1 watcher, a reward)';
      case 'xstate.error.actor.loadInvite':
        return 'The referral data fails (500, and on its 3 retries)';
      case 'RETRY':
        return 'Ana presses "Tentar novamente"';
      case 'COPY':
        return `Ana presses "${invitePageTexts.copy}"`;
      case 'xstate.done.actor.copyLink':
        return 'The device copies the link';
      case 'xstate.error.actor.copyLink':
        return 'The device refuses the copy';
      case 'SHARE':
        return 'Ana presses the share button';
      case 'xstate.done.actor.shareLink':
        return 'Ana shares the link from the share sheet';
      case 'xstate.error.actor.shareLink':
        return 'Ana closes the share sheet without sharing';
      case 'REFERRAL_CHANGED':
        return 'A referred company signs up and connects its WhatsApp: the page reads the counters again';
      default:
        return event.type;
    }
  },
};

/** What the drivers do in the running app, as data. */
export type InvitePageUserAction =
  | { do: 'open'; url: '/settings/invite'; canShare: boolean; pageConfig: InvitePageConfig | null }
  | { do: 'click'; button: string }
  /** Answer GET /api/settings/referral: the data, or a 500 on the first try and each retry. */
  | { do: 'answer-referral'; status: 200; data: ReferralData }
  | { do: 'answer-referral'; status: 500; body: { success: false; error: string; code: string }; tries: 4 }
  /** The referral-link service's code arrives, or fails to load. */
  | { do: 'settle-link-service'; outcome: 'loaded' | 'failed' }
  /** The device's clipboard writes the held text, or refuses. */
  | { do: 'settle-copy'; outcome: 'copied' | 'refused' }
  /** The held share sheet: shared, or closed. */
  | { do: 'settle-share'; outcome: 'shared' | 'closed' }
  /** The person comes back to the tab: the stale counters are read again, answered with `data`. */
  | { do: 'refresh-referral'; data: ReferralData };

export interface InviteCounterScreen {
  title: string;
  installs: number;
  watchers: number;
}

export type InvitePageScreen =
  | { shows: 'loading' }
  | { shows: 'error'; text: string }
  | {
      shows: 'ready';
      badge: string;
      title: string;
      subtitle: string;
      link: string;
      copyBusy: boolean;
      /** The copy's word under the field, if any. */
      copyFeedback: string | null;
      /** The share sheet's button (only with one), and whether it waits for the sheet. */
      shareButton: { label: string; busy: boolean } | null;
      whatsappHref: string;
      currentWeek: (InviteCounterScreen & { rules: { label: string; href: string } }) | null;
      total: InviteCounterScreen;
      rewards: string[];
    };

export interface InvitePageStepPlan {
  actions: InvitePageUserAction[];
  screen: InvitePageScreen;
  /** What the clipboard holds after the step (checked when the copy ends). */
  clipboard: string | null;
  /** What the share sheet was given, when the step shares. */
  shared: string | null;
}

interface PlannablePath {
  scenario: { name: string; input: InvitePageInput };
  steps: ReadonlyArray<{ event: AnyEventObject; state: InvitePageSnapshot }>;
}

function scenarioOf(path: PlannablePath): InvitePageScenario {
  return invitePageScenarios.find((s) => s.name === path.scenario.name)!;
}

function actionsFor(path: PlannablePath, event: AnyEventObject, index: number): InvitePageUserAction[] {
  const scenario = scenarioOf(path);
  if (index === 0)
    return [
      {
        do: 'open',
        url: '/settings/invite',
        canShare: scenario.input.canShare,
        pageConfig: scenario.pageConfig,
      },
    ];
  switch (event.type) {
    case 'xstate.done.actor.initLinkService':
      return [{ do: 'settle-link-service', outcome: 'loaded' }];
    case 'xstate.error.actor.initLinkService':
      return [{ do: 'settle-link-service', outcome: 'failed' }];
    case 'xstate.done.actor.loadInvite':
      return [{ do: 'answer-referral', status: 200, data: referralAnswer }];
    case 'xstate.error.actor.loadInvite':
      return [
        {
          do: 'answer-referral',
          status: 500,
          body: {
            success: false,
            error: 'Falha interna. Tente de novo em instantes.',
            code: 'INTERNAL_ERROR',
          },
          tries: 4,
        },
      ];
    case 'RETRY':
      return [{ do: 'click', button: 'Tentar novamente' }];
    case 'COPY':
      return [{ do: 'click', button: invitePageTexts.copy }];
    case 'xstate.done.actor.copyLink':
      return [{ do: 'settle-copy', outcome: 'copied' }];
    case 'xstate.error.actor.copyLink':
      return [{ do: 'settle-copy', outcome: 'refused' }];
    case 'SHARE':
      return [{ do: 'click', button: inviteTextsOf(configOf(scenario)).share_link_button_title }];
    case 'xstate.done.actor.shareLink':
      return [{ do: 'settle-share', outcome: 'shared' }];
    case 'xstate.error.actor.shareLink':
      return [{ do: 'settle-share', outcome: 'closed' }];
    case 'REFERRAL_CHANGED':
      return [{ do: 'refresh-referral', data: referralChanged }];
    default:
      throw new Error(`No way to act out "${event.type}" in the app`);
  }
}

function configOf(scenario: InvitePageScenario): InvitePageConfig {
  return {
    badge: 'Indique e ganhe',
    title: 'Convide e ganhe',
    current_week_enabled: false,
    ...scenario.pageConfig,
  };
}

function screenOf(scenario: InvitePageScenario, state: InvitePageSnapshot): InvitePageScreen {
  if (state.matches('failed')) return { shows: 'error', text: REFERRAL_FETCH_FAILED_TEXT };
  if (!state.matches('ready')) return { shows: 'loading' };
  const referral = state.context.referral!;
  const link = inviteLinkOf(null, referral)!;
  const texts = inviteTextsOf(configOf(scenario));
  const copy = state.matches({ ready: { copy: 'copied' } })
    ? invitePageTexts.copied
    : state.matches({ ready: { copy: 'copyFailed' } })
      ? invitePageTexts.copyFailed
      : null;
  return {
    shows: 'ready',
    badge: texts.badge,
    title: texts.title,
    subtitle: texts.subtitle,
    link,
    copyBusy: state.matches({ ready: { copy: 'copying' } }),
    copyFeedback: copy,
    shareButton: scenario.input.canShare
      ? { label: texts.share_link_button_title, busy: state.matches({ ready: { share: 'sharing' } }) }
      : null,
    whatsappHref: whatsappShareUrl(link),
    currentWeek: texts.current_week_enabled
      ? {
          title: texts.current_week_counter_title,
          installs: referral.currentCampaign.totalInstall,
          watchers: referral.currentCampaign.totalWatcher,
          rules: { label: texts.current_week_rules_title, href: texts.current_week_rules_link },
        }
      : null,
    total: {
      title: texts.total_counter_title,
      installs: referral.referredCounters.totalInstall,
      watchers: referral.referredCounters.totalWatcher,
    },
    rewards: referral.rewards.map(rewardLine),
  };
}

/** What to do at step `index` of an invite-page path, and what Ana must then see. */
export function planInvitePageStep(path: PlannablePath, index: number): InvitePageStepPlan {
  const { event, state } = path.steps[index]!;
  const scenario = scenarioOf(path);
  const copied = path.steps
    .slice(0, index + 1)
    .some((step) => step.event.type === 'xstate.done.actor.copyLink');
  return {
    actions: actionsFor(path, event, index),
    screen: screenOf(scenario, state),
    clipboard: copied ? INVITE_LINK : null,
    shared: event.type === 'xstate.done.actor.shareLink' ? INVITE_LINK : null,
  };
}
