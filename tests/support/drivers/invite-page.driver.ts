import {
  type InvitePageScreen,
  type InvitePageUserAction,
  planInvitePageStep,
} from '../../../machines/invite-page/invite-page.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The invite page's driver (/settings/invite), written once for jsdom and Chromium. The layer opens
 * the page signed in on a device with or without a share sheet and the path's remote texts, answers
 * the held GET /api/settings/referral, settles the held clipboard write and share sheet, and makes
 * the page read the referral data again.
 */
export interface InvitePageLayer {
  open(action: Extract<InvitePageUserAction, { do: 'open' }>): Promise<void>;
  settleLinkService(outcome: 'loaded' | 'failed'): Promise<void>;
  answerReferral(action: Extract<InvitePageUserAction, { do: 'answer-referral' }>): Promise<void>;
  settleCopy(outcome: 'copied' | 'refused'): Promise<void>;
  settleShare(outcome: 'shared' | 'closed'): Promise<void>;
  refreshReferral(action: Extract<InvitePageUserAction, { do: 'refresh-referral' }>): Promise<void>;
  /** What the clipboard holds (null: nothing copied). */
  clipboard(): Promise<string | null>;
  /** The links given to the share sheet so far. */
  shared(): Promise<string[]>;
}

type SeenInvite =
  | { shows: 'loading' | 'error' | 'nothing'; text: string | null }
  | {
      shows: 'ready';
      badge: string | null;
      title: string | null;
      subtitle: string | null;
      link: string | null;
      copyBusy: boolean;
      copyFeedback: string | null;
      shareButton: { label: string; busy: boolean } | null;
      whatsappHref: string | null;
      counters: Record<string, { title: string; installs: number; watchers: number; rules: unknown }>;
      rewards: string[];
    };

/** The invite page as shown (runs in the page: only its argument and the DOM). */
function readInvite(document: Document, shareLabel: string | null): SeenInvite {
  const main = document.querySelector('main') ?? document.body;
  const alert = main.querySelector('[role="alert"] h2');
  if (alert) return { shows: 'error', text: alert.textContent };
  const intro = main.querySelector('.invite__intro');
  if (!intro) {
    const status = main.querySelector('[role="status"] .visually-hidden');
    return status ? { shows: 'loading', text: null } : { shows: 'nothing', text: null };
  }
  const buttons = [...main.querySelectorAll('button')];
  const copy = buttons.find((b) => b.textContent === 'Copiar');
  const share = shareLabel ? buttons.find((b) => b.textContent === shareLabel) : undefined;
  const counters: Record<string, { title: string; installs: number; watchers: number; rules: unknown }> = {};
  for (const section of main.querySelectorAll('[data-counter]')) {
    const rules = section.querySelector('.card__head a');
    counters[section.getAttribute('data-counter') ?? ''] = {
      title: section.querySelector('h2')?.textContent ?? '',
      installs: Number(section.querySelector('[data-count="installs"]')?.textContent),
      watchers: Number(section.querySelector('[data-count="watchers"]')?.textContent),
      rules: rules ? { label: rules.textContent, href: rules.getAttribute('href') } : null,
    };
  }
  const whatsapp = [...main.querySelectorAll('a')].find((a) => a.textContent === 'Enviar no WhatsApp');
  return {
    shows: 'ready',
    badge: intro.querySelector('.badge')?.textContent ?? null,
    title: intro.querySelector('h2')?.textContent ?? null,
    subtitle: intro.querySelector('p')?.textContent ?? null,
    link: (main.querySelector('.invite__link input') as HTMLInputElement | null)?.value ?? null,
    copyBusy: copy?.disabled ?? true,
    copyFeedback: main.querySelector('[data-testid="invite-copy-feedback"]')?.textContent || null,
    shareButton: share ? { label: share.textContent ?? '', busy: share.disabled } : null,
    whatsappHref: whatsapp?.getAttribute('href') ?? null,
    counters,
    rewards: [...main.querySelectorAll('.invite__rewards li')].map((li) => li.textContent ?? ''),
  };
}

function expected(screen: InvitePageScreen): SeenInvite {
  if (screen.shows === 'loading') return { shows: 'loading', text: null };
  if (screen.shows === 'error') return { shows: 'error', text: screen.text };
  const counters: Record<string, { title: string; installs: number; watchers: number; rules: unknown }> = {
    ...(screen.currentWeek
      ? {
          'current-week': {
            title: screen.currentWeek.title,
            installs: screen.currentWeek.installs,
            watchers: screen.currentWeek.watchers,
            rules: screen.currentWeek.rules,
          },
        }
      : {}),
    total: { ...screen.total, rules: null },
  };
  return {
    shows: 'ready',
    badge: screen.badge,
    title: screen.title,
    subtitle: screen.subtitle,
    link: screen.link,
    copyBusy: screen.copyBusy,
    copyFeedback: screen.copyFeedback,
    shareButton: screen.shareButton,
    whatsappHref: screen.whatsappHref,
    counters,
    rewards: screen.rewards,
  };
}

export function invitePageDriver(ui: UiSurface, layer: InvitePageLayer) {
  let shareLabel: string | null = null;
  const perform = async (action: InvitePageUserAction) => {
    switch (action.do) {
      case 'open':
        shareLabel = action.canShare
          ? (action.pageConfig?.share_link_button_title ?? 'Compartilhar link')
          : null;
        return layer.open(action);
      case 'click':
        return ui.click({ role: 'button', name: action.button, exact: true });
      case 'settle-link-service':
        return layer.settleLinkService(action.outcome);
      case 'answer-referral':
        return layer.answerReferral(action);
      case 'settle-copy':
        return layer.settleCopy(action.outcome);
      case 'settle-share':
        return layer.settleShare(action.outcome);
      case 'refresh-referral':
        return layer.refreshReferral(action);
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planInvitePageStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    async check(path: ChartPath, index: number) {
      const plan = planInvitePageStep(path as never, index);
      const sharedBefore = plan.shared
        ? path.steps.slice(0, index).filter((s) => s.event.type === 'xstate.done.actor.shareLink').length
        : 0;
      await expectScreen(
        ui,
        async () => ({
          seen: await ui.read(readInvite, shareLabel),
          clipboard: await layer.clipboard(),
          shared: await layer.shared(),
        }),
        ({ seen, clipboard, shared }) => [
          ...differs('the page', seen, expected(plan.screen)),
          ...differs('the clipboard', clipboard, plan.clipboard),
          ...(plan.shared ? differs('the links shared', shared.length, sharedBefore + 1) : []),
          ...(plan.shared ? differs('the link shared', shared.at(-1), plan.shared) : []),
        ],
      );
    },
  };
}

/** What Ana must see after step `index`, in words (for the replay report). */
export function invitePageExpectation(path: ChartPath, index: number): string {
  const { screen, clipboard } = planInvitePageStep(path as never, index);
  if (screen.shows === 'loading') return '"Carregando indicações..."';
  if (screen.shows === 'error') return `the error screen "${screen.text}" with "Tentar novamente"`;
  const parts = [
    `"${screen.title}", the link ${screen.link}`,
    `total ${screen.total.installs} cadastradas / ${screen.total.watchers} com WhatsApp`,
  ];
  if (screen.currentWeek)
    parts.push(`this week ${screen.currentWeek.installs} / ${screen.currentWeek.watchers}`);
  if (screen.copyFeedback) parts.push(`"${screen.copyFeedback}"`);
  if (screen.shareButton?.busy) parts.push('the share sheet open');
  if (clipboard) parts.push('the link in the clipboard');
  return parts.join('; ');
}
