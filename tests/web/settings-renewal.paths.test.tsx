import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  planRenewalStep,
  type RenewalScreen,
  type RenewalUserAction,
  renewalPathModel,
} from '../../machines/checkout/renewal.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { fakeBillingRoutes } from './support/billing-api';
import { ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { fakeSettingsRoutes, settingsUser } from './support/settings-api';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(renewalPathModel);

function summary() {
  return screen.getByRole('region', { name: 'Assinatura' });
}

function expectScreen(seen: RenewalScreen) {
  const card = within(summary());
  switch (seen.shows) {
    case 'summary': {
      expect(card.queryByRole('group')).toBeNull();
      expect(card.getByRole('button', { name: seen.button })).toBeDefined();
      const terms = [...summary().querySelectorAll('dt')].map((dt) => dt.textContent);
      expect(terms.includes('Cancela ao fim do período')).toBe(seen.cancelAtPeriodEnd);
      expect(terms.includes('Próxima cobrança')).toBe(!seen.cancelAtPeriodEnd);
      return;
    }
    case 'confirm':
      expect(card.getByRole('group')).toBeDefined();
      expect(card.getByRole('button', { name: seen.confirmButton })).toBeDefined();
      expect(card.getByRole('button', { name: 'Voltar' })).toBeDefined();
      expect(card.queryByRole('alert')?.textContent ?? null).toBe(seen.error);
      return;
    case 'saving':
      expect(card.getByRole('status').textContent).toBe('Salvando...');
      expect(card.queryByRole('button')).toBeNull();
      return;
  }
}

describe('/settings: renewal chart paths, as the user sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: ReturnType<typeof openSignedIn> | undefined;
      const billing = fakeBillingRoutes();
      const settings = fakeSettingsRoutes({ user: ok({ getUser: settingsUser() }) });
      const perform = async (action: RenewalUserAction) => {
        switch (action.do) {
          case 'open':
            billing.subscription.always(ok({ subscription: action.subscription }));
            app = openSignedIn('/settings', { routes: [billing.routes, settings.routes] });
            await settleQueries();
            return;
          case 'click':
            await userEvent.click(within(summary()).getByRole('button', { name: action.button }));
            await settleQueries();
            return;
          case 'answer-save': {
            const call = billing.renewal.requests.at(-1)!;
            expect(call.method).toBe('PUT');
            expect(await call.clone().json()).toEqual({ cancelAtPeriodEnd: action.cancelAtPeriodEnd });
            expect(
              billing.renewal.answer({ status: action.status, body: action.body }),
              'a save waited',
            ).toBe(1);
            await settleQueries();
            return;
          }
        }
      };
      await walkPath(renewalPathModel, path, {
        act: async (index) => {
          for (const action of planRenewalStep(path, index).actions) await perform(action);
        },
        check: (index) => expectScreen(planRenewalStep(path, index).screen),
      });
      app?.unmount();
    },
  );
});
