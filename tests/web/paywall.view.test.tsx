import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { CHECKOUT_URL, paywallAnswers, paywallInit } from '../../machines/checkout/checkout.paths';
import { fakeBillingRoutes } from './support/billing-api';
import { failed, ok, settle } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { sessionCheck } from './support/session-cookies';
import { openSignedIn } from './support/signed-in';

const noSubscription = sessionCheck({ hasNoCurrentSubscriptionActive: true });

describe('/paywall (spec §2)', () => {
  withPagesPreloaded();

  test('signed out: sent to sign in again, coming back to /paywall; nothing is asked of the API', async () => {
    const billing = fakeBillingRoutes();
    const app = openSignedIn('/paywall', { session: null, routes: [billing.routes] });
    await settle();
    expect(app.url()).toBe('/logout?redirect=%2Fpaywall');
    expect(app.leaving.assign).toHaveBeenCalledWith(
      'https://entrar.fechai.test/auth/logout?returnTo=http%3A%2F%2Flocalhost%3A3000&redirect=%2Fpaywall',
    );
    expect(billing.paywall.requests).toHaveLength(0);
  });

  test('onboarding not done: /onboarding', async () => {
    const billing = fakeBillingRoutes({ paywall: ok(paywallInit()) });
    const app = openSignedIn('/paywall', {
      session: sessionCheck({ needsOnboarding: true, hasNoCurrentSubscriptionActive: true }),
      routes: [billing.routes],
    });
    await settle();
    expect(app.url()).toBe('/onboarding');
  });

  test('while the session is checked: a loading state; the plans are fetched once for route and page', async () => {
    const billing = fakeBillingRoutes({ paywall: ok(paywallInit()) });
    const app = openSignedIn('/paywall', {
      session: noSubscription,
      holdCheck: true,
      routes: [billing.routes],
    });
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Carregando...');
    expect(screen.queryByRole('radio')).toBeNull();
    app.server.session.answer({ status: 200, body: { success: true, data: noSubscription } });
    await settle();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    // The route's prefetch and the page share one call.
    expect(billing.paywall.requests).toHaveLength(1);
  });

  test('the two plans in reais, the yearly one picked with its monthly price and savings, what is included', async () => {
    openSignedIn('/paywall', {
      session: noSubscription,
      routes: [fakeBillingRoutes({ paywall: ok(paywallAnswers.trialEnded) }).routes],
    });
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Seu teste grátis terminou');
    expect(
      screen.getByText(
        'Seu teste grátis terminou em 13/01/2030. Escolha um plano para continuar usando o Fechaí.',
      ),
    ).toBeDefined();

    const monthly = screen.getByRole('radio', { name: /^Mensal/ }) as HTMLInputElement;
    const yearly = screen.getByRole('radio', { name: /^Anual/ }) as HTMLInputElement;
    expect(monthly.checked).toBe(false);
    expect(yearly.checked).toBe(true);
    const monthlyCard = monthly.closest('label')!;
    const yearlyCard = yearly.closest('label')!;
    expect(within(monthlyCard).getByText('R$ 97,00')).toBeDefined();
    expect(within(monthlyCard).getByText('/mês')).toBeDefined();
    expect(within(monthlyCard).queryByText(/economize/)).toBeNull();
    expect(within(yearlyCard).getByText('R$ 970,00')).toBeDefined();
    expect(within(yearlyCard).getByText('/ano')).toBeDefined();
    expect(within(yearlyCard).getByText('equivale a R$ 80,83/mês')).toBeDefined();
    expect(within(yearlyCard).getByText('economize 17%')).toBeDefined();

    const included = screen.getByRole('region', { name: 'O que está incluído' });
    expect(
      within(included)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(paywallAnswers.trialEnded.features);
    expect(screen.getByRole('link', { name: 'Sair' }).getAttribute('href')).toBe('/logout');
  });

  test.each([
    [paywallAnswers.pastDue, 'Não conseguimos confirmar seu pagamento'],
    [paywallAnswers.canceled, 'Sua assinatura foi encerrada'],
    [paywallAnswers.none, 'Escolha seu plano'],
  ])('a heading that fits why the paywall shows (%#)', async (init, heading) => {
    openSignedIn('/paywall', {
      session: noSubscription,
      routes: [fakeBillingRoutes({ paywall: ok(init) }).routes],
    });
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
  });

  test('a checkout that fails shows the server’s text; trying again opens the checkout page', async () => {
    const billing = fakeBillingRoutes({ paywall: ok(paywallInit()) });
    const app = openSignedIn('/paywall', { session: noSubscription, routes: [billing.routes] });
    await settle();
    await userEvent.click(screen.getByRole('radio', { name: /^Mensal/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Assinar' }));
    billing.checkout.answer(
      failed(502, 'O pagamento está fora do ar. Tente em alguns minutos.', 'SERVICE_UNAVAILABLE'),
    );
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'O pagamento está fora do ar. Tente em alguns minutos.',
    );
    expect((screen.getByRole('radio', { name: /^Mensal/ }) as HTMLInputElement).checked).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(screen.queryByRole('alert')).toBeNull();
    billing.checkout.answer(ok({ url: CHECKOUT_URL }));
    await settle();
    expect(billing.checkout.requests).toHaveLength(2);
    for (const call of billing.checkout.requests)
      expect(await call.clone().json()).toEqual({ planId: 'monthly' });
    expect(app.leaving.assign).toHaveBeenCalledTimes(1);
    expect(app.leaving.assign).toHaveBeenCalledWith(CHECKOUT_URL);
  });

  test('while the checkout opens, the plans and "Assinar" cannot be used', async () => {
    const billing = fakeBillingRoutes({ paywall: ok(paywallInit()) });
    openSignedIn('/paywall', { session: noSubscription, routes: [billing.routes] });
    await settle();
    await userEvent.click(screen.getByRole('button', { name: 'Assinar' }));
    await settle();
    expect((screen.getByRole('button', { name: 'Assinar' }) as HTMLButtonElement).disabled).toBe(true);
    for (const radio of screen.getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true);
    expect(billing.checkout.pending).toBe(1);
  });

  test('back from the checkout page (the page restored from the back-forward cache): the plans again, not "Abrindo o pagamento..."', async () => {
    const billing = fakeBillingRoutes({ paywall: ok(paywallInit()), checkout: ok({ url: CHECKOUT_URL }) });
    const app = openSignedIn('/paywall', { session: noSubscription, routes: [billing.routes] });
    await settle();
    await userEvent.click(screen.getByRole('button', { name: 'Assinar' }));
    await settle();
    expect(app.leaving.assign).toHaveBeenCalledWith(CHECKOUT_URL);
    expect(screen.getByRole('status').textContent).toBe('Abrindo o pagamento...');

    // The browser's Back button: the page comes back as it was left.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await settle();
    expect(screen.queryByText('Abrindo o pagamento...')).toBeNull();
    const subscribe = screen.getByRole('button', { name: 'Assinar' }) as HTMLButtonElement;
    expect(subscribe.disabled).toBe(false);
    await userEvent.click(subscribe);
    await settle();
    expect(billing.checkout.requests).toHaveLength(2);
    expect(app.leaving.assign).toHaveBeenCalledTimes(2);
  });

  test('an ordinary page show (not from the back-forward cache) leaves the paywall as it is', async () => {
    const billing = fakeBillingRoutes({ paywall: ok(paywallInit()) });
    openSignedIn('/paywall', { session: noSubscription, routes: [billing.routes] });
    await settle();
    await userEvent.click(screen.getByRole('radio', { name: /^Mensal/ }));
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    });
    await settle();
    expect((screen.getByRole('radio', { name: /^Mensal/ }) as HTMLInputElement).checked).toBe(true);
    expect(billing.paywall.requests).toHaveLength(1);
  });

  test('during the free trial: the plans to subscribe before it ends, with the trial’s end; "Assinar" opens the checkout', async () => {
    const billing = fakeBillingRoutes({
      paywall: ok(paywallAnswers.trialing),
      checkout: ok({ url: CHECKOUT_URL }),
    });
    const app = openSignedIn('/paywall', { session: sessionCheck(), routes: [billing.routes] });
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Assine o Fechaí');
    expect(
      screen.getByText('Seu teste grátis vai até 20/01/2030. Assine agora e continue sem interrupção.'),
    ).toBeDefined();
    expect(screen.queryByText('Sua assinatura está ativa')).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect((screen.getByRole('radio', { name: /^Anual/ }) as HTMLInputElement).checked).toBe(true);
    expect(
      within(screen.getByRole('region', { name: 'O que está incluído' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(paywallAnswers.trialing.features);
    expect(screen.getByRole('link', { name: 'Voltar para o início' }).getAttribute('href')).toBe('/home');
    // The session already knows the trial is current: it is not checked again.
    expect(app.server.session.requests).toHaveLength(1);

    await userEvent.click(screen.getByRole('radio', { name: /^Mensal/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Assinar' }));
    await settle();
    expect(billing.checkout.requests).toHaveLength(1);
    expect(await billing.checkout.requests[0]!.clone().json()).toEqual({ planId: 'monthly' });
    expect(app.leaving.assign).toHaveBeenCalledWith(CHECKOUT_URL);
  });

  test('during the free trial, "Voltar para o início" leads back into the app', async () => {
    const billing = fakeBillingRoutes({ paywall: ok(paywallAnswers.trialing) });
    const app = openSignedIn('/paywall', { session: sessionCheck(), routes: [billing.routes] });
    await settle();
    await userEvent.click(screen.getByRole('link', { name: 'Voltar para o início' }));
    await settle();
    expect(app.url()).toBe('/home');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Início');
    expect(billing.checkout.requests).toHaveLength(0);
  });

  test('a paid subscription: only "Sua assinatura está ativa" and the way into the app, no plans', async () => {
    const billing = fakeBillingRoutes({ paywall: ok(paywallAnswers.subscribed) });
    openSignedIn('/paywall', { session: sessionCheck(), routes: [billing.routes] });
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sua assinatura está ativa');
    expect(screen.getByRole('link', { name: 'Ir para o início' }).getAttribute('href')).toBe('/home');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assinar' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Voltar para o início' })).toBeNull();
  });

  test('a subscription the session did not know of: the session is checked again, so /home opens', async () => {
    const billing = fakeBillingRoutes();
    const app = openSignedIn('/paywall', { session: noSubscription, routes: [billing.routes] });
    await settle();
    expect(app.server.session.requests).toHaveLength(1);
    // Meanwhile the payment went through: the server now answers an active subscription.
    app.server.session.always({ status: 200, body: { success: true, data: sessionCheck() } });
    billing.paywall.answer(ok(paywallAnswers.subscribed));
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sua assinatura está ativa');
    expect(app.server.session.requests).toHaveLength(2);

    await userEvent.click(screen.getByRole('link', { name: 'Ir para o início' }));
    await settle();
    expect(app.url()).toBe('/home');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Início');
  });
});
