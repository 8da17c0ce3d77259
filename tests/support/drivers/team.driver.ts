import { ROLE_LABELS } from '../../../contracts/roles';
import {
  planTeamStep,
  type SeenInvitation,
  type SeenMember,
  type TeamStepScreen,
  type TeamUserAction,
} from '../../../machines/team/team.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';
import { type ModelNames, sameNames } from './model-names';
import { clickWhenShown } from './when-shown';

/**
 * The team chart's driver ("Equipe"), written once for jsdom and Chromium. The layer opens the page
 * and answers the call a step names (the held call let through to the server, or a refusal served).
 */
export interface TeamLayer {
  open(action: Extract<TeamUserAction, { do: 'open' }>): Promise<void>;
  answer(action: Extract<TeamUserAction, { do: 'answer' }>): Promise<void>;
}

interface SeenTeam {
  loading: boolean;
  loadError: string | null;
  members: SeenMember[] | null;
  invitations: SeenInvitation[] | null;
  inviteButton: string | null;
  question: { text: string; confirm: string } | null;
  errors: string[];
  toasts: string[];
}

/** What the screen shows of the team (runs in the page: only its argument and the DOM). */
function readTeam(document: Document): SeenTeam {
  const text = (element: Element | null | undefined) => element?.textContent?.trim() ?? '';
  const section = (id: string) => document.getElementById(id)?.closest('section') ?? null;
  const membersSection = section('team-members-heading');
  const invitationsSection = section('team-invitations-heading');
  const box = document.querySelector('fieldset.confirm-action');
  const questionId = box?.getAttribute('aria-labelledby');
  const alert = document.querySelector('.page [role="alert"] h2');
  return {
    loading: !!document.querySelector('.team__loading'),
    loadError: alert ? text(alert) : null,
    members: membersSection
      ? [...membersSection.querySelectorAll('li[data-testid^="member-"]')].map((row) => ({
          name: text(row.querySelector('.team__name')?.firstChild as Element | null),
          email: text(row.querySelector('.team__email')),
          role: row.querySelector('select')
            ? text(row.querySelector('select option:checked'))
            : text(row.querySelector('.team__role')),
          you: !!row.querySelector('.team__name .badge'),
        }))
      : null,
    invitations: invitationsSection
      ? [...invitationsSection.querySelectorAll('li[data-testid^="invitation-"]')].map((row) => ({
          email: text(row.querySelector('.team__name')?.firstChild as Element | null),
          role: text(row.querySelector('.team__email')).split(' · ')[0] ?? '',
          expired: !!row.querySelector('.team__name .badge'),
        }))
      : null,
    inviteButton: document.querySelector('.team form button[type="submit"]')?.textContent ?? null,
    question:
      box && questionId
        ? {
            text: text(document.getElementById(questionId)),
            confirm: text(box.querySelector('button.button--danger')),
          }
        : null,
    errors: [...document.querySelectorAll('.team [role="alert"]')].map((e) => text(e)),
    toasts: [...document.querySelectorAll('[data-testid^="toast-"] [data-title]')].map(
      (t) => t.textContent ?? '',
    ),
  };
}

function mismatches(screen: TeamStepScreen, seen: SeenTeam): string[] {
  return [
    ...differs('loading', seen.loading, screen.loading),
    ...differs('the error screen', seen.loadError, screen.loadError),
    ...differs('the members', seen.members, screen.members),
    ...differs('the invitations', seen.invitations, screen.invitations),
    ...differs('the invite button', seen.inviteButton, screen.inviteButton),
    ...differs('the question', seen.question, screen.question),
    ...differs('the errors', seen.errors, screen.error ? [screen.error] : []),
    ...(screen.toast && !seen.toasts.includes(screen.toast)
      ? [`no toast "${screen.toast}" (toasts: ${JSON.stringify(seen.toasts)})`]
      : []),
  ];
}

/** How the people of the chart (Ana, Bruno) are called in the app that replays it. */
export type TeamNames = ModelNames;

export function teamDriver(ui: UiSurface, layer: TeamLayer, names: TeamNames = sameNames) {
  const perform = async (action: TeamUserAction) => {
    switch (action.do) {
      case 'open':
        return layer.open(action);
      case 'typeEmail':
        return ui.fill({ label: 'E-mail', exact: true }, action.email);
      case 'chooseInviteRole':
        return ui.select({ label: 'Papel', exact: true }, ROLE_LABELS[action.role]);
      case 'chooseRole':
        return ui.select({ label: names.toApp(action.label), exact: true }, ROLE_LABELS[action.role]);
      case 'click':
        return clickWhenShown(
          ui,
          { role: 'button', name: action.button, exact: true },
          action.row ? { testId: `${action.row.kind}-${names.toApp(action.row.email)}` } : undefined,
        );
      case 'answer':
        return layer.answer(action);
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planTeamStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    check(path: ChartPath, index: number) {
      const { screen } = planTeamStep(path as never, index);
      return expectScreen(
        ui,
        async () => JSON.parse(names.toModel(JSON.stringify(await ui.read(readTeam, null)))) as SeenTeam,
        (seen) => mismatches(screen, seen),
      );
    },
  };
}

/** What Ana must see after step `index`, in words (for the replay report). */
export function teamExpectation(path: ChartPath, index: number): string {
  const { screen } = planTeamStep(path as never, index);
  if (screen.loading) return 'a equipe carregando';
  if (screen.loadError) return `a tela de erro "${screen.loadError}"`;
  return [
    `${screen.members?.length} pessoas e ${screen.invitations?.length} convites`,
    screen.question ? `a pergunta "${screen.question.text}"` : '',
    screen.error ? `o erro "${screen.error}"` : '',
    screen.toast ? `o aviso "${screen.toast}"` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
