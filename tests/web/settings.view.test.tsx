import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { PaidSubscription } from '../../contracts/billing';
import { monthlyPlan } from '../../machines/checkout/checkout.paths';
import { paidSubscription, SAVE_FAILED_TEXT } from '../../machines/checkout/renewal.paths';
import { fakeBillingRoutes } from './support/billing-api';
import { failed, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { sessionCheck } from './support/session-cookies';
import { fakeSettingsRoutes, settingsUser } from './support/settings-api';
import { openSignedIn } from './support/signed-in';

const wa = '/settings/whatsapp-business-connection';

async function openSettings(
  subscription: PaidSubscription | null = paidSubscription(),
  user = ok({ getUser: settingsUser() }),
) {
  const billing = fakeBillingRoutes({ subscription: ok({ subscription }) });
  const settings = fakeSettingsRoutes({ user });
  const app = openSignedIn('/settings', { routes: [billing.routes, settings.routes] });
  await settleQueries();
  return { ...app, billing, settings };
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

/** The summary's rows, term → description. */
function rows(): Record<string, string> {
  const list = section('Assinatura').querySelector('dl');
  const entries = [...(list?.querySelectorAll('dt') ?? [])].map((dt) => [
    dt.textContent ?? '',
    dt.nextElementSibling?.textContent ?? '',
  ]);
  return Object.fromEntries(entries);
}

describe('/settings (spec §2): Configurações', () => {
  withPagesPreloaded();

  test('the settings menu lists every settings area by its spec title', async () => {
    await openSettings();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Configurações');
    const menu = screen.getByRole('navigation', { name: 'Áreas de configuração' });
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => [link.querySelector('.settings-menu__title')?.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Conexão WhatsApp', wa],
      ['Serviços', '/settings/services'],
      ['Sobre a empresa', '/settings/company-info'],
      ['Equipe', '/settings/team'],
      ['Treinamento da IA', '/settings/ai-training'],
      ['Indique e Ganhe', '/settings/invite'],
      ['Acesso e Segurança', '/settings/access-security'],
      ['Contatos ignorados', `${wa}/blocklist`],
    ]);
  });

  test('"Equipe" is the owner\'s: a manager or an attendant is not offered it', async () => {
    for (const role of ['manager', 'staff'] as const) {
      const billing = fakeBillingRoutes({ subscription: ok({ subscription: paidSubscription() }) });
      const settings = fakeSettingsRoutes({ user: ok({ getUser: settingsUser() }) });
      const app = openSignedIn('/settings', {
        session: sessionCheck({ role }),
        routes: [billing.routes, settings.routes],
      });
      await settleQueries();
      const menu = screen.getByRole('navigation', { name: 'Áreas de configuração' });
      expect(within(menu).getAllByRole('link').length).toBeGreaterThan(0);
      expect(within(menu).queryByRole('link', { name: /^Equipe/ })).toBeNull();
      app.unmount();
    }
  });

  test('every menu entry opens its page', async () => {
    const app = await openSettings();
    await userEvent.click(screen.getByRole('link', { name: /^Acesso e Segurança/ }));
    await settleQueries();
    expect(app.url()).toBe('/settings/access-security/phone-change');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Alterar o número de celular');
  });

  test('the current user from GET /api/settings/user', async () => {
    const app = await openSettings();
    const account = section('Sua conta');
    expect(within(account).getByText('Ana Souza')).toBeDefined();
    expect(within(account).getByText('ana@docesdaana.com.br')).toBeDefined();
    expect(within(account).getByText('(11) 98765-4321')).toBeDefined();
    expect(within(account).getByText('Doces da Ana')).toBeDefined();
    expect(app.settings.user.requests).toHaveLength(1);
  });

  test('a company without a name shows its business name', async () => {
    await openSettings(
      paidSubscription(),
      ok({
        getUser: settingsUser({ company: { id: 'c-1', name: null, businessName: 'Ana Souza Doces ME' } }),
      }),
    );
    expect(within(section('Sua conta')).getByText('Ana Souza Doces ME')).toBeDefined();
  });

  test('the user cannot be loaded: "Erro ao carregar dados do usuário"; the rest of the page stays', async () => {
    await openSettings(paidSubscription(), failed(500, 'Falha interna.'));
    expect(within(section('Sua conta')).getByRole('alert').textContent).toBe(
      'Erro ao carregar dados do usuário',
    );
    expect(rows().Plano).toBe('Anual');
    expect(screen.getByRole('navigation', { name: 'Áreas de configuração' })).toBeDefined();
  });

  test('an active yearly subscription: plan, status, next charge date and amount; fetched once for route and page', async () => {
    const app = await openSettings();
    expect(rows()).toEqual({
      Plano: 'Anual',
      Situação: 'Ativa',
      'Próxima cobrança': '15/01/2031 · R$\u00a0970,00',
    });
    expect(within(section('Assinatura')).getByRole('button', { name: 'Cancelar renovação' })).toBeDefined();
    expect(app.billing.subscription.requests).toHaveLength(1);
  });

  test.each([
    ['past_due', 'Pagamento pendente'],
    ['active', 'Ativa'],
  ] as const)('status %s reads "%s"', async (status, label) => {
    await openSettings(paidSubscription({ status, plan: monthlyPlan, nextChargeCents: 9700 }));
    expect(rows().Situação).toBe(label);
    expect(rows().Plano).toBe('Mensal');
    expect(rows()['Próxima cobrança']).toBe('15/01/2031 · R$\u00a097,00');
  });

  test('a trial: "Teste grátis" until its end, nothing to cancel, and "Assinar agora" to the plans', async () => {
    const app = await openSettings(
      paidSubscription({ status: 'trialing', plan: null, nextChargeAt: null, nextChargeCents: null }),
    );
    expect(rows()).toEqual({
      Plano: 'Teste grátis',
      Situação: 'Teste grátis',
      'Teste grátis até': '15/01/2031',
    });
    expect(within(section('Assinatura')).queryByRole('button')).toBeNull();
    const subscribe = within(section('Assinatura')).getByRole('link', { name: 'Assinar agora' });
    expect(subscribe.getAttribute('href')).toBe('/paywall');
    expect(within(section('Assinatura')).queryByRole('link', { name: 'Ver planos' })).toBeNull();

    await userEvent.click(subscribe);
    await settleQueries();
    expect(app.url()).toBe('/paywall');
  });

  test.each([
    [{ pendingCents: 4990, appliedCents: 0 }, 'R$\u00a049,90 no próximo pagamento'],
    [{ pendingCents: 2000, appliedCents: 9700 }, 'R$\u00a0117,00 no próximo pagamento'],
  ])('a referral credit %o shows as one line for the next payment', async (referralCredit, line) => {
    await openSettings(paidSubscription({ referralCredit }));
    expect(rows()['Crédito de indicação']).toBe(line);
  });

  test('no referral credit: no line for it', async () => {
    await openSettings(paidSubscription({ referralCredit: { pendingCents: 0, appliedCents: 0 } }));
    expect(rows()['Crédito de indicação']).toBeUndefined();
  });

  test('a paid subscription offers no "Assinar agora"', async () => {
    await openSettings();
    expect(within(section('Assinatura')).queryByRole('link', { name: 'Assinar agora' })).toBeNull();
  });

  test('a subscription given outside the checkout: no plan, valid until its end, nothing to cancel', async () => {
    await openSettings(paidSubscription({ plan: null, nextChargeAt: null, nextChargeCents: null }));
    expect(rows()).toEqual({ Situação: 'Ativa', 'Válida até': '15/01/2031' });
    expect(within(section('Assinatura')).queryByRole('button')).toBeNull();
  });

  test('a cancelled subscription: "Cancelada", and the way to the plans', async () => {
    await openSettings(
      paidSubscription({
        status: 'canceled',
        nextChargeAt: null,
        nextChargeCents: null,
        cancelAtPeriodEnd: true,
      }),
    );
    expect(rows()).toEqual({ Situação: 'Cancelada', 'Encerrada em': '15/01/2031' });
    expect(within(section('Assinatura')).getByRole('link', { name: 'Ver planos' }).getAttribute('href')).toBe(
      '/paywall',
    );
  });

  test('no subscription at all: the way to the plans', async () => {
    await openSettings(null);
    expect(within(section('Assinatura')).getByText('Você ainda não tem uma assinatura.')).toBeDefined();
    expect(within(section('Assinatura')).getByRole('link', { name: 'Ver planos' }).getAttribute('href')).toBe(
      '/paywall',
    );
  });

  test('the subscription cannot be loaded: says so, and loads again on request', async () => {
    const billing = fakeBillingRoutes({ subscription: failed(500, 'Falha interna.') });
    const settings = fakeSettingsRoutes({ user: ok({ getUser: settingsUser() }) });
    openSignedIn('/settings', { routes: [billing.routes, settings.routes] });
    await settleQueries();
    expect(within(section('Assinatura')).getByRole('alert').textContent).toBe(
      'Erro ao carregar dados da assinatura',
    );
    billing.subscription.always(ok({ subscription: paidSubscription() }));
    await userEvent.click(within(section('Assinatura')).getByRole('button', { name: 'Tentar novamente' }));
    await settleQueries();
    expect(rows().Plano).toBe('Anual');
  });

  test('cancelling the renewal is confirmed first, then saved; keeping it renewing is saved at once', async () => {
    const app = await openSettings();
    const summary = section('Assinatura');
    await userEvent.click(within(summary).getByRole('button', { name: 'Cancelar renovação' }));
    const confirm = within(summary).getByRole('group', { name: 'Cancelar a renovação?' });
    expect(confirm.textContent).toContain('Sua assinatura continua ativa até 15/01/2031');
    expect(app.billing.renewal.requests).toHaveLength(0);

    // Going back changes nothing.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Voltar' }));
    expect(within(summary).queryByRole('group')).toBeNull();
    expect(app.billing.renewal.requests).toHaveLength(0);

    await userEvent.click(within(summary).getByRole('button', { name: 'Cancelar renovação' }));
    await userEvent.click(within(summary).getByRole('button', { name: 'Sim, cancelar renovação' }));
    expect(within(summary).getByRole('status').textContent).toBe('Salvando...');
    expect(await app.billing.renewal.requests[0]!.clone().json()).toEqual({ cancelAtPeriodEnd: true });
    app.billing.renewal.answer(ok({ subscription: paidSubscription({ cancelAtPeriodEnd: true }) }));
    await settleQueries();
    expect(rows()).toEqual({ Plano: 'Anual', Situação: 'Ativa', 'Cancela ao fim do período': '15/01/2031' });
    expect(document.querySelector('[data-testid="toast-renewal"] [data-title]')?.textContent).toBe(
      'Renovação cancelada. Sua assinatura vale até 15/01/2031.',
    );

    await userEvent.click(within(summary).getByRole('button', { name: 'Manter assinatura' }));
    expect(within(summary).queryByRole('group')).toBeNull();
    expect(await app.billing.renewal.requests[1]!.clone().json()).toEqual({ cancelAtPeriodEnd: false });
    app.billing.renewal.answer(ok({ subscription: paidSubscription() }));
    await settleQueries();
    expect(rows()['Próxima cobrança']).toBe('15/01/2031 · R$\u00a0970,00');
    expect(within(summary).getByRole('button', { name: 'Cancelar renovação' })).toBeDefined();
  });

  test('a save that fails shows the server’s text and can be tried again', async () => {
    const app = await openSettings();
    const summary = section('Assinatura');
    await userEvent.click(within(summary).getByRole('button', { name: 'Cancelar renovação' }));
    await userEvent.click(within(summary).getByRole('button', { name: 'Sim, cancelar renovação' }));
    app.billing.renewal.answer(failed(500, SAVE_FAILED_TEXT));
    await settleQueries();
    expect(within(summary).getByRole('alert').textContent).toBe(SAVE_FAILED_TEXT);
    expect(rows()['Próxima cobrança']).toBe('15/01/2031 · R$\u00a0970,00');

    await userEvent.click(within(summary).getByRole('button', { name: 'Tentar novamente' }));
    app.billing.renewal.answer(ok({ subscription: paidSubscription({ cancelAtPeriodEnd: true }) }));
    await settleQueries();
    expect(app.billing.renewal.requests).toHaveLength(2);
    expect(rows()['Cancela ao fim do período']).toBe('15/01/2031');
  });
});
