import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionCheck } from '../../contracts/session';
import {
  type OnboardingScreen,
  type OnboardingUserAction,
  onboardingPathModel,
  onboardingTexts,
  PATHS_USER_ID,
  planOnboardingStep,
  stepperLabels,
} from '../../machines/onboarding/onboarding.paths';
import { sessionCheckAnswer } from '../../machines/session/session.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type Reply, sessionAnswer, sessionRefused, settle } from './support/fake-api';
import { openOnboarding } from './support/onboarding-api';
import { withPagesPreloaded } from './support/preload-pages';

const paths = generatePaths(onboardingPathModel);

const bia = {
  id: PATHS_USER_ID,
  email: 'bia@docesdabia.com.br',
  name: 'Beatriz Almeida',
  mobilePhone: null,
  currentCompanyId: null,
};

/** The session check answers of the scenarios. */
const sessions: Record<'onboarding' | 'onboarded' | 'no-user-id', SessionCheck> = {
  onboarding: sessionCheckAnswer({
    user: bia,
    company: null,
    needsOnboarding: true,
    hasCompany: false,
    hasNoCurrentSubscriptionActive: true,
  }),
  onboarded: sessionCheckAnswer({ user: { ...bia, currentCompanyId: 'c-bia' }, company: { id: 'c-bia' } }),
  'no-user-id': sessionCheckAnswer({
    user: { ...bia, id: '' },
    company: null,
    needsOnboarding: true,
    hasCompany: false,
    hasNoCurrentSubscriptionActive: true,
  }),
};

/** An answer's instants moved from the paths' frozen clock to now (the view's clock is real). */
function shiftedToNow(body: unknown, pathsNow: number): unknown {
  const data = (body as { data?: Record<string, unknown> } | undefined)?.data;
  if (!data || typeof data.resendAvailableAt !== 'string') return body;
  const shift = (iso: unknown) => new Date(Date.parse(String(iso)) - pathsNow + Date.now()).toISOString();
  return {
    ...(body as object),
    data: { ...data, resendAvailableAt: shift(data.resendAvailableAt), expiresAt: shift(data.expiresAt) },
  };
}

type App = ReturnType<typeof openOnboarding>;

function expectScreen(app: App, seen: OnboardingScreen) {
  // The way out is on every onboarding screen.
  if (seen.shows !== 'left') expect(screen.getByRole('button', { name: 'Sair' })).toBeTruthy();
  switch (seen.shows) {
    case 'loading':
      expect(screen.getByRole('status').textContent).toBe(onboardingTexts.loading);
      return;
    case 'load-failed':
      expect(screen.getByRole('alert').textContent).toBe(onboardingTexts.loadFailed);
      expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
      return;
    case 'left':
      expect(app.url()).toBe(seen.path);
      expect(screen.queryByRole('navigation', { name: 'Etapas do cadastro' })).toBeNull();
      return;
    case 'step': {
      expect(app.url()).toBe(seen.path);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(seen.heading);
      const stepper = screen.getByRole('navigation', { name: 'Etapas do cadastro' });
      const current = within(stepper)
        .getAllByRole('listitem')
        .filter((li) => li.getAttribute('aria-current') === 'step');
      expect(current).toHaveLength(1);
      expect(current[0]!.textContent).toContain(stepperLabels[seen.indicator - 1]);
      const back = screen.queryByRole('button', { name: 'Voltar' }) as HTMLButtonElement | null;
      if (seen.back === 'none') expect(back).toBeNull();
      else expect(back?.disabled).toBe(seen.back === 'disabled');
      expect(screen.queryAllByRole('alert').map((el) => el.textContent)).toEqual(seen.alerts);
      if (seen.phoneShown) expect(screen.getByText(seen.phoneShown).tagName).toBe('STRONG');
      if (seen.codeSent !== undefined) {
        // Never "a code was sent" when none is pending for the number.
        expect(!!screen.queryByText(/^Enviamos um código de 6 números/)).toBe(seen.codeSent);
        expect(!!screen.queryByText(/^Ainda não enviamos um código/)).toBe(!seen.codeSent);
      }
      if (seen.trial === 'loading')
        expect(screen.getByRole('status').textContent).toBe('Carregando teste grátis...');
      if (seen.trial === 'offer') {
        expect(screen.getByText('Teste grátis de 7 dias')).toBeTruthy();
        const start = screen.getByRole('button', {
          name: seen.busy ? 'Começando...' : 'Começar teste grátis',
        });
        expect((start as HTMLButtonElement).disabled).toBe(seen.busy);
      }
      if (seen.step !== 'trial' && seen.step !== 'verifyPhone') {
        const submit = document.querySelector<HTMLButtonElement>('button[type="submit"]')!;
        expect(submit.disabled).toBe(seen.busy);
      }
      return;
    }
  }
}

describe('onboarding chart paths, as the user sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: App | undefined;
      const user = userEvent.setup();
      const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
      const retype = async (label: string, text: string) => {
        await user.clear(field(label));
        await user.type(field(label), text);
      };
      const perform = async (action: OnboardingUserAction) => {
        switch (action.do) {
          case 'open':
            app = openOnboarding(action.url, sessions[action.session]);
            break;
          case 'go-to':
            act(() => app!.location.navigate(action.url));
            break;
          case 'submit-name':
            await retype('Seu nome', action.name);
            await user.click(screen.getByRole('button', { name: 'Continuar' }));
            break;
          case 'submit-company':
            await retype('Nome da empresa', action.company.name);
            await retype('Razão social', action.company.businessName);
            await user.click(screen.getByRole('radio', { name: action.company.documentType.toUpperCase() }));
            await retype(
              `Número do ${action.company.documentType.toUpperCase()}`,
              action.company.documentNumber,
            );
            await user.click(screen.getByRole('button', { name: 'Continuar' }));
            break;
          case 'submit-phone':
            await retype('Celular com DDD', action.phone);
            await user.click(screen.getByRole('button', { name: action.button }));
            break;
          case 'type-code':
            await retype('Código de verificação', action.code);
            break;
          case 'click':
            await user.click(screen.getByRole('button', { name: action.button }));
            break;
          case 'answer': {
            if (action.call === 'session') {
              const reply: Reply = action.status === 200 ? sessionAnswer(sessions.onboarded) : sessionRefused;
              expect(app!.server.session.answer(reply), 'a session check was waiting').toBe(1);
              app!.server.session.always(reply);
              break;
            }
            const held = app!.calls[action.call];
            const request = held.requests.at(-1)!;
            const body =
              request.method === 'GET' || request.method === 'HEAD'
                ? undefined
                : await request
                    .clone()
                    .json()
                    .catch(() => undefined);
            expect(body).toEqual(action.asked);
            // The trial's start, or a finished sign-up, is followed by a session check the next step answers.
            const answered = action.body as { data?: { isSignupComplete?: boolean } } | undefined;
            const complete = answered?.data?.isSignupComplete;
            if (action.call === 'start-trial' || complete) app!.server.session.always(undefined);
            const reply: Reply =
              action.status === 0
                ? 'network-error'
                : { status: action.status, body: shiftedToNow(action.body, Date.UTC(2030, 0, 15, 12)) };
            expect(held.answer(reply), `a ${action.call} call was waiting`).toBe(1);
            break;
          }
        }
        await settle();
      };
      let historyBefore = 0;
      await walkPath(onboardingPathModel, path, {
        act: async (index) => {
          historyBefore = app?.location.history?.length ?? 0;
          for (const action of planOnboardingStep(path, index).actions) await perform(action);
        },
        check: (index) => {
          const plan = planOnboardingStep(path, index);
          expectScreen(app!, plan.screen);
          if (index === 0 || plan.screen.shows !== 'step') return;
          // An address the user goes to is one entry; a redirect replaces it; moving on adds one.
          const before = planOnboardingStep(path, index - 1).screen;
          const movedOn =
            (plan.screen.arrival === 'advanced' || plan.screen.arrival === 'returned') &&
            (before.shows !== 'step' || before.path !== plan.screen.path);
          const wentTo = plan.actions.some((action) => action.do === 'go-to');
          expect(app!.location.history!.length - historyBefore, 'new history entries').toBe(
            wentTo || movedOn ? 1 : 0,
          );
        },
      });
      app?.unmount();
    },
  );
});
