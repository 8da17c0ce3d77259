import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PaywallInit } from '../../contracts/billing';
import {
  type CheckoutScreen,
  type CheckoutUserAction,
  checkoutPathModel,
  planCheckoutStep,
} from '../../machines/checkout/checkout.paths';
import { formatDate } from '../../src/lib/format/date';
import { generatePaths, walkPath } from '../support/chart-paths';
import { fakeBillingRoutes } from './support/billing-api';
import { settle } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { sessionCheck } from './support/session-cookies';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(checkoutPathModel);

const HEADINGS: Record<PaywallInit['reason'], string> = {
  trial_ended: 'Seu teste grátis terminou',
  past_due: 'Não conseguimos confirmar seu pagamento',
  canceled: 'Sua assinatura foi encerrada',
  none: 'Escolha seu plano',
};
const TRIAL_HEADING = 'Assine o Fechaí';
const PLAN_NAMES = { monthly: /^Mensal/, yearly: /^Anual/ } as const;

function expectScreen(app: ReturnType<typeof openSignedIn>, seen: CheckoutScreen) {
  expect(app.url()).toBe('/paywall');
  switch (seen.shows) {
    case 'loading':
      expect(screen.getByRole('status').textContent).toBe('Carregando planos...');
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
      return;
    case 'failed':
      expect(screen.getByRole('alert').textContent).toBe(seen.text);
      expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeDefined();
      expect(screen.queryByRole('radio')).toBeNull();
      return;
    case 'subscribed':
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sua assinatura está ativa');
      expect(screen.getByRole('link', { name: 'Ir para o início' }).getAttribute('href')).toBe('/home');
      expect(screen.queryByRole('radio')).toBeNull();
      return;
    case 'plans': {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
        seen.trialEndsAt ? TRIAL_HEADING : HEADINGS[seen.reason],
      );
      const back = screen.queryByRole('link', { name: 'Voltar para o início' });
      if (seen.trialEndsAt) {
        expect(
          screen.getByText(
            `Seu teste grátis vai até ${formatDate(seen.trialEndsAt)}. Assine agora e continue sem interrupção.`,
          ),
        ).toBeDefined();
        expect(back?.getAttribute('href')).toBe('/home');
      } else {
        expect(back).toBeNull();
      }
      const picked = screen.getByRole('radio', { name: PLAN_NAMES[seen.selected] }) as HTMLInputElement;
      expect(picked.checked).toBe(true);
      expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(1);
      expect(screen.queryByRole('alert')?.textContent ?? null).toBe(seen.error);
      const subscribe = screen.getByRole('button', { name: seen.error ? 'Tentar novamente' : 'Assinar' });
      expect((subscribe as HTMLButtonElement).disabled).toBe(seen.busy);
      expect(app.leaving.assign).not.toHaveBeenCalled();
      return;
    }
    case 'redirect':
      expect(screen.getByRole('status').textContent).toBe('Abrindo o pagamento...');
      expect(app.leaving.assign).toHaveBeenCalledTimes(1);
      expect(app.leaving.assign).toHaveBeenCalledWith(seen.url);
      return;
  }
}

describe('/paywall: checkout chart paths, as the user sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: ReturnType<typeof openSignedIn> | undefined;
      const billing = fakeBillingRoutes();
      const perform = async (action: CheckoutUserAction) => {
        switch (action.do) {
          case 'open':
            app = openSignedIn(action.url, {
              session: sessionCheck({ hasNoCurrentSubscriptionActive: true }),
              routes: [billing.routes],
            });
            await settle();
            return;
          case 'answer-paywall':
            expect(
              billing.paywall.answer({ status: action.status, body: action.body }),
              'a load waited',
            ).toBe(1);
            await settle();
            return;
          case 'answer-checkout': {
            const call = billing.checkout.requests.at(-1)!;
            expect(await call.clone().json()).toEqual({ planId: action.planId });
            expect(
              billing.checkout.answer({ status: action.status, body: action.body }),
              'a call waited',
            ).toBe(1);
            await settle();
            return;
          }
          case 'pick-plan':
            await userEvent.click(screen.getByRole('radio', { name: PLAN_NAMES[action.planId] }));
            await settle();
            return;
          case 'click':
            await userEvent.click(screen.getByRole('button', { name: action.button }));
            await settle();
            return;
        }
      };
      await walkPath(checkoutPathModel, path, {
        act: async (index) => {
          for (const action of planCheckoutStep(path, index).actions) await perform(action);
        },
        check: (index) => expectScreen(app!, planCheckoutStep(path, index).screen),
      });
      app?.unmount();
    },
  );
});
