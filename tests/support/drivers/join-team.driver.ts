import {
  type JoinTeamStepScreen,
  type JoinTeamUserAction,
  planJoinTeamStep,
} from '../../../machines/join-team/join-team.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';
import { type ModelNames, sameNames } from './model-names';
import { clickWhenShown } from './when-shown';

/**
 * The join-team chart's driver (the invitation page), written once for jsdom and Chromium. The layer
 * opens the page for the path's visitor, answers the call a step names, and says where the browser
 * was sent when the app left for the hosted login.
 */
export interface JoinTeamLayer {
  open(action: Extract<JoinTeamUserAction, { do: 'open' }>): Promise<void>;
  answer(action: Extract<JoinTeamUserAction, { do: 'answer' }>): Promise<void>;
  /** The address the app sent the browser to outside itself (the hosted login), if any. */
  leftFor(): Promise<string | null>;
}

interface SeenInvitationPage {
  loading: boolean;
  invitation: string | null;
  message: string | null;
  buttons: string[];
}

/** What the invitation page shows (runs in the page: only its argument and the DOM). */
function readInvitationPage(document: Document): SeenInvitationPage {
  const card = document.querySelector('section[aria-labelledby="invitation-title"]');
  const message =
    card?.querySelector('[data-testid="invitation-message"]') ?? card?.querySelector('[role="alert"]');
  return {
    loading: !!document.querySelector('.auth-status'),
    invitation: card?.querySelector('[data-testid="invitation-line"]')?.textContent ?? null,
    message: message?.textContent ?? null,
    buttons: [...(card?.querySelectorAll('button') ?? [])].map((b) => b.textContent ?? ''),
  };
}

function mismatches(screen: JoinTeamStepScreen, seen: SeenInvitationPage, at: string): string[] {
  const onPage = screen.location.startsWith('/convite/') && !screen.leftFor;
  return [
    ...differs('the address', at, screen.location),
    ...(onPage
      ? [
          ...differs('loading', seen.loading, screen.loading),
          ...differs('the invitation', seen.invitation, screen.invitation),
          ...differs('the message', seen.message, screen.message),
          ...differs('the buttons', seen.buttons, screen.buttons),
        ]
      : []),
  ];
}

export function joinTeamDriver(ui: UiSurface, layer: JoinTeamLayer, names: ModelNames = sameNames) {
  const perform = async (action: JoinTeamUserAction) => {
    switch (action.do) {
      case 'open':
        return layer.open(action);
      case 'click':
        return clickWhenShown(ui, { role: 'button', name: names.toApp(action.button), exact: true });
      case 'answer':
        return layer.answer(action);
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planJoinTeamStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    check(path: ChartPath, index: number) {
      const { screen } = planJoinTeamStep(path as never, index);
      return expectScreen(
        ui,
        async () => {
          const seen: SeenInvitationPage = await ui.read(readInvitationPage, null);
          const left = await layer.leftFor();
          return {
            seen: JSON.parse(names.toModel(JSON.stringify(seen))) as SeenInvitationPage,
            at: names.toModel(await ui.location()),
            left: left === null ? null : names.toModel(left),
          };
        },
        ({ seen, at, left }) => {
          // /logout leaves for the hosted logout on its own (its redirect is the logout chart's).
          const leaving = screen.location.startsWith('/logout');
          if (!screen.leftFor)
            return [...mismatches(screen, seen, at), ...(leaving ? [] : differs('left for', left, null))];
          const url = left ? new URL(left) : null;
          return [
            ...differs(
              'the hosted page',
              url?.pathname,
              screen.leftFor.hosted === 'signUp' ? '/auth/signup' : '/auth/login',
            ),
            ...differs('the redirect back', url?.searchParams.get('redirect'), screen.leftFor.redirect),
            // Encoded in the query, so named here rather than with the whole address.
            ...differs(
              'the address filled in',
              url?.searchParams.has('email') ? names.toModel(url.searchParams.get('email')!) : null,
              screen.leftFor.email,
            ),
          ];
        },
      );
    },
  };
}

/** What Carla must see after step `index`, in words (for the replay report). */
export function joinTeamExpectation(path: ChartPath, index: number): string {
  const { screen } = planJoinTeamStep(path as never, index);
  if (screen.leftFor)
    return `o login hospedado (${screen.leftFor.hosted}), voltando para ${screen.leftFor.redirect}`;
  if (!screen.location.startsWith('/convite/')) return `a página ${screen.location}`;
  if (screen.loading) return 'o convite carregando';
  return [screen.invitation, screen.message, screen.buttons.map((b) => `"${b}"`).join(', ')]
    .filter(Boolean)
    .join('; ');
}
