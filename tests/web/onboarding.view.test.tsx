import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  INVALID_CNPJ_TEXT,
  INVALID_CPF_TEXT,
  INVALID_MOBILE_TEXT,
  type OnboardingStatus,
} from '../../contracts/onboarding';
import {
  freeTrialOffer,
  freeTrialStarted,
  ONBOARDING_PATHS_NOW,
  onboardingStatuses,
  PATHS_USER_ID,
  stepperLabels,
} from '../../machines/onboarding/onboarding.paths';
import { sessionCheckAnswer } from '../../machines/session/session.paths';
import { UNREACHABLE_TEXT } from '../../src/api/error-text';
import { indicatorStates } from '../../src/features/onboarding/OnboardingStepper';
import { onTrack } from '../../src/lib/analytics/track-event';
import { createQueryClient } from '../../src/lib/cache/query-client';
import { FAKE_CLOCK, type Reply, sessionAnswer, settle } from './support/fake-api';
import { openOnboarding } from './support/onboarding-api';
import { withPagesPreloaded } from './support/preload-pages';

const bia = {
  id: PATHS_USER_ID,
  email: 'bia@docesdabia.com.br',
  name: 'Beatriz Almeida',
  mobilePhone: null,
  currentCompanyId: null,
};
const needsOnboarding = sessionCheckAnswer({
  user: bia,
  company: null,
  needsOnboarding: true,
  hasCompany: false,
  hasNoCurrentSubscriptionActive: true,
});

const onboarded = sessionCheckAnswer({
  user: { ...bia, currentCompanyId: 'c-bia' },
  company: { id: 'c-bia' },
});

const ok = (data: unknown): Reply => ({ status: 200, body: { success: true, data } });
const failed = (status: number, error: string): Reply => ({
  status,
  body: { success: false, error, code: 'INTERNAL_ERROR' },
});

async function open(
  url: string,
  status: OnboardingStatus,
  standing: Parameters<typeof openOnboarding>[2] = {},
) {
  const app = openOnboarding(url, needsOnboarding, { status: ok(status), ...standing });
  await settle();
  return app;
}

function indicators() {
  const stepper = screen.getByRole('navigation', { name: 'Etapas do cadastro' });
  return within(stepper)
    .getAllByRole('listitem')
    .map(
      (li) =>
        `${li.querySelector('.onboarding-stepper__label')!.textContent}: ${li.getAttribute('data-state')}`,
    );
}

describe('onboarding stepper (spec §2)', () => {
  withPagesPreloaded();

  it('maps each step to its indicator: earlier completed, its own current, later upcoming', () => {
    expect(indicatorStates(2, false)).toEqual(['completed', 'current', 'upcoming', 'upcoming', 'upcoming']);
    expect(indicatorStates(3, false)).toEqual(['completed', 'completed', 'current', 'upcoming', 'upcoming']);
    expect(indicatorStates(4, false)).toEqual(['completed', 'completed', 'completed', 'current', 'upcoming']);
    expect(indicatorStates(5, false)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
      'current',
    ]);
    // Someone who joined a company by invitation skips its step.
    expect(indicatorStates(2, false, true)).toEqual([
      'completed',
      'current',
      'completed',
      'upcoming',
      'upcoming',
    ]);
    // The last is completed only when sign-up is.
    expect(indicatorStates(5, true)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
  });

  it.each([
    ['/onboarding/user-name', 'Sobre você', onboardingStatuses.fresh],
    ['/onboarding/company', 'Sobre sua empresa', onboardingStatuses.named],
    ['/onboarding/phone', 'Validação de telefone', onboardingStatuses.withCompany],
    ['/onboarding/verify-phone?phone=5511987654321', 'Validação de telefone', onboardingStatuses.codeSent],
    ['/onboarding/trial', 'Tudo pronto para começar', onboardingStatuses.phoneVerified],
  ])('%s marks "%s" as the current indicator, with the spec labels', async (url, current, status) => {
    await open(url, status, { 'free-trial': ok(freeTrialOffer) });
    const list = indicators();
    expect(list.map((entry) => entry.split(':')[0])).toEqual([...stepperLabels]);
    expect(list[0]).toBe('Dados de acesso: completed');
    const index = stepperLabels.indexOf(current as (typeof stepperLabels)[number]);
    list.forEach((entry, i) => {
      const expected = i === 0 || i < index ? 'completed' : i === index ? 'current' : 'upcoming';
      expect(entry).toBe(`${stepperLabels[i]}: ${expected}`);
    });
    expect(screen.getByText(/^Etapa \d de 5 · /).textContent).toBe(`Etapa ${index + 1} de 5 · ${current}`);
  });
});

describe('"Sobre você"', () => {
  withPagesPreloaded();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('comes prefilled with the sign-up name; sign-up started goes out once per user per session', async () => {
    const events: string[] = [];
    const stop = onTrack((event) => {
      events.push(`${event.name} ${event.userId}`);
    });
    const first = await open('/onboarding', onboardingStatuses.fresh);
    expect(first.url()).toBe('/onboarding/user-name');
    expect((screen.getByLabelText('Seu nome') as HTMLInputElement).value).toBe('Beatriz Almeida');
    expect(events).toEqual([`sign_up_started ${PATHS_USER_ID}`, `sign_up_name_prefilled ${PATHS_USER_ID}`]);
    first.unmount();

    events.length = 0;
    await open('/onboarding', onboardingStatuses.fresh);
    expect(events).toEqual([`sign_up_name_prefilled ${PATHS_USER_ID}`]);
    stop();
  });

  it('a name too short is said beside the field, and nothing is sent', async () => {
    const app = await open('/onboarding/user-name', onboardingStatuses.fresh);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Seu nome'));
    await user.type(screen.getByLabelText('Seu nome'), 'B');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alert').textContent).toBe('Informe seu nome.');
    expect(screen.getByLabelText('Seu nome').getAttribute('aria-invalid')).toBe('true');
    expect(app.calls['user-name'].requests).toHaveLength(0);
  });
});

describe('"Sobre sua empresa": CPF/CNPJ masks and check digits', () => {
  withPagesPreloaded();

  it('comes back filled in with the company already saved, its type picked, and saves it again', async () => {
    const saved = {
      name: 'Doces da Bia',
      businessName: 'Beatriz Almeida',
      documentType: 'cpf' as const,
      documentNumber: '529.982.247-25',
    };
    const app = await open('/onboarding/company', { ...onboardingStatuses.withCompany, company: saved });
    expect((screen.getByLabelText('Nome da empresa') as HTMLInputElement).value).toBe('Doces da Bia');
    expect((screen.getByLabelText('Razão social') as HTMLInputElement).value).toBe('Beatriz Almeida');
    expect((screen.getByRole('radio', { name: 'CPF' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Número do CPF') as HTMLInputElement).value).toBe('529.982.247-25');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Continuar' }));
    await settle();
    expect(app.calls.company.requests).toHaveLength(1);
    expect(await app.calls.company.requests[0]!.clone().json()).toEqual(saved);
  });

  it('a saved CNPJ company opens on CNPJ, masked', async () => {
    await open('/onboarding/company', onboardingStatuses.withCompany);
    expect((screen.getByRole('radio', { name: 'CNPJ' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Número do CNPJ') as HTMLInputElement).value).toBe('11.222.333/0001-81');
    expect((screen.getByLabelText('Nome da empresa') as HTMLInputElement).value).toBe('Doces da Bia');
  });

  it('starts on CPF (spec §3: the document type defaults to cpf)', async () => {
    await open('/onboarding/company', onboardingStatuses.named);
    expect((screen.getByRole('radio', { name: 'CPF' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'CNPJ' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByLabelText('Número do CPF')).toBeDefined();
  });

  it('masks a CNPJ as typed and says at once when its check digits are wrong', async () => {
    await open('/onboarding/company', onboardingStatuses.named);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'CNPJ' }));
    const field = () => screen.getByLabelText('Número do CNPJ') as HTMLInputElement;
    await user.type(field(), '11222333000181');
    expect(field().value).toBe('11.222.333/0001-81');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.clear(field());
    await user.type(field(), '11222333000182');
    expect(screen.getByRole('alert').textContent).toBe(INVALID_CNPJ_TEXT);
  });

  it('CPF: its mask, its message, and the form is not sent while it is wrong', async () => {
    const app = await open('/onboarding/company', onboardingStatuses.named);
    const user = userEvent.setup();
    const field = () => screen.getByLabelText('Número do CPF') as HTMLInputElement;
    await user.type(field(), '52998224725');
    expect(field().value).toBe('529.982.247-25');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.clear(field());
    await user.type(field(), '52998224726');
    expect(screen.getByRole('alert').textContent).toBe(INVALID_CPF_TEXT);
    await user.type(screen.getByLabelText('Nome da empresa'), 'Doces da Bia');
    await user.type(screen.getByLabelText('Razão social'), 'Beatriz Almeida');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(app.calls.company.requests).toHaveLength(0);
  });

  it('shows a 400 issue beside the field it names', async () => {
    const app = await open('/onboarding/company', onboardingStatuses.named, {
      company: {
        status: 400,
        body: {
          success: false,
          error: 'Já existe uma empresa com este CNPJ.',
          code: 'VALIDATION_ERROR',
          issues: [{ path: 'documentNumber', message: 'Já existe uma empresa com este CNPJ.' }],
        },
      },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nome da empresa'), 'Doces da Bia');
    await user.type(screen.getByLabelText('Razão social'), 'Beatriz Almeida Doces ME');
    await user.click(screen.getByRole('radio', { name: 'CNPJ' }));
    await user.type(screen.getByLabelText('Número do CNPJ'), '11222333000181');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await settle();
    expect(await app.calls.company.requests[0]!.clone().json()).toEqual({
      name: 'Doces da Bia',
      businessName: 'Beatriz Almeida Doces ME',
      documentType: 'cnpj',
      documentNumber: '11.222.333/0001-81',
    });
    const field = screen.getByLabelText('Número do CNPJ');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = field.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Já existe uma empresa com este CNPJ.',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});

describe('"Telefone": mask, normalisation, spec §8 send errors', () => {
  withPagesPreloaded();

  it('masks as (DD) 12345-6789 and sends the digits with 55', async () => {
    const app = await open('/onboarding/phone', onboardingStatuses.withCompany);
    const user = userEvent.setup();
    const field = screen.getByLabelText('Celular com DDD') as HTMLInputElement;
    await user.type(field, '11987654321');
    expect(field.value).toBe('(11) 98765-4321');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await app.calls['send-code'].requests[0]!.clone().json()).toEqual({
      phoneNumber: '5511987654321',
      userId: PATHS_USER_ID,
      isResend: false,
    });
  });

  it('refuses a number that is not a Brazilian mobile, beside the field', async () => {
    const app = await open('/onboarding/phone', onboardingStatuses.withCompany);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Celular com DDD'), '1133334444');
    expect((screen.getByLabelText('Celular com DDD') as HTMLInputElement).value).toBe('(11) 3333-4444');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(screen.getByRole('alert').textContent).toBe(INVALID_MOBILE_TEXT);
    expect(app.calls['send-code'].requests).toHaveLength(0);
  });

  it.each([
    [failed(500, 'Provedor de SMS fora do ar.'), 'Provedor de SMS fora do ar.'],
    [failed(500, ''), 'Ops! Falha ao enviar código de verificação.'],
    [failed(429, 'Aguarde para pedir outro código.'), 'Ops! Falha ao enviar código de verificação.'],
    [failed(502, 'Bad gateway'), 'Ops! Falha ao enviar código de verificação.'],
    ['network-error' as const, 'Ops! Falha ao enviar código de verificação.'],
  ])('a send answered %o shows "%s"', async (reply, text) => {
    await open('/onboarding/phone', onboardingStatuses.withCompany, { 'send-code': reply });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Celular com DDD'), '11987654321');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(text);
  });
});

describe('"Validação de telefone" and "Tudo pronto para começar"', () => {
  withPagesPreloaded();

  it('shows the number formatted; "Alterar número" goes back to the phone form, prefilled', async () => {
    const app = await open('/onboarding/verify-phone?phone=5511987654321', onboardingStatuses.codeSent);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Validação de telefone');
    expect(screen.getByText('(11) 98765-4321').tagName).toBe('STRONG');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Alterar número' }));
    await settle();
    expect(app.url()).toBe('/onboarding/phone');
    expect((screen.getByLabelText('Celular com DDD') as HTMLInputElement).value).toBe('(11) 98765-4321');
  });

  it('a reload on verify-phone counts "Reenviar código" down to the pending code’s time from the status', async () => {
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK] });
    vi.setSystemTime(ONBOARDING_PATHS_NOW + 15_000);
    try {
      // The code went out 15 s ago (firstCodeSent: another one 60 s after it).
      await open('/onboarding/verify-phone', onboardingStatuses.codeSent);
      const resend = () => screen.getByRole('button', { name: /^Reenviar código/ }) as HTMLButtonElement;
      expect(resend().textContent).toBe('Reenviar código em 0:45');
      expect(resend().disabled).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(45_000));
      expect(resend().textContent).toBe('Reenviar código');
      expect(resend().disabled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers 7 days, the day the trial ends and what is included', async () => {
    await open('/onboarding/trial', onboardingStatuses.phoneVerified, { 'free-trial': ok(freeTrialOffer) });
    await settle();
    expect(screen.getByText('Teste grátis de 7 dias')).toBeTruthy();
    expect(screen.getByText('22/01/2030')).toBeTruthy();
    expect(screen.getByText('O que está incluído:')).toBeTruthy();
    expect(
      screen.getAllByRole('listitem').some((li) => li.textContent === 'Conexão com o WhatsApp Business'),
    ).toBe(true);
  });

  it('Back to verify-phone while the trial starts: the address returns to the trial, which goes on starting', async () => {
    const app = await open('/onboarding/trial', onboardingStatuses.phoneVerified, {
      'free-trial': ok(freeTrialOffer),
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Começar teste grátis' }));
    await settle();
    expect(app.calls['start-trial'].pending).toBe(1);

    // The page before the trial in the browser's history; the number is verified, so it is closed.
    act(() =>
      app.location.navigate(
        `/onboarding/verify-phone?phone=${onboardingStatuses.phoneVerified.prefillData.phone}`,
      ),
    );
    await settle();
    expect(app.url()).toBe('/onboarding/trial');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tudo pronto para começar');
    const start = screen.getByRole('button', { name: 'Começando...' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    expect(app.calls['free-trial'].requests, 'the offer is not asked for again').toHaveLength(1);

    // The start that was under way finishes; the session, checked again, lets the user in.
    app.server.session.always(sessionAnswer(onboarded));
    expect(app.calls['start-trial'].answer(ok(freeTrialStarted))).toBe(1);
    await settle();
    expect(app.url()).toBe('/settings/whatsapp-business-connection');
    expect(app.calls['start-trial'].requests).toHaveLength(1);
  });

  it('a step opened directly is a page of its own: no app frame, the product name over the card', async () => {
    await open('/onboarding/user-name', onboardingStatuses.fresh);
    expect(screen.getByText('Fechaí')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sair' })).toBeNull();
    act(() => {});
  });
});

describe('a way back, a way out, and a load that retries', () => {
  withPagesPreloaded();

  it('"Sair" on every step leaves for /logout, which ends the sign-in', async () => {
    for (const [url, status] of [
      ['/onboarding/user-name', onboardingStatuses.fresh],
      ['/onboarding/company', onboardingStatuses.named],
      ['/onboarding/verify-phone', onboardingStatuses.codeSent],
    ] as const) {
      const app = await open(url, status);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Sair' }));
      await settle();
      expect(app.location.history).toContain('/logout');
      // The session is forgotten and the browser goes to the hosted login's logout.
      expect(document.cookie).not.toContain('access_token');
      expect(app.leaving.assign).toHaveBeenLastCalledWith(
        'https://entrar.fechai.test/auth/logout?returnTo=http%3A%2F%2Flocalhost%3A3000',
      );
      app.unmount();
    }
  });

  it('"Voltar" from the phone opens the company as saved; sending it again corrects it and goes on', async () => {
    const app = await open('/onboarding/phone', onboardingStatuses.withCompany);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await settle();
    expect(app.url()).toBe('/onboarding/company');
    expect((screen.getByLabelText('Nome da empresa') as HTMLInputElement).value).toBe('Doces da Bia');

    await user.clear(screen.getByLabelText('Nome da empresa'));
    await user.type(screen.getByLabelText('Nome da empresa'), 'Doces e Bolos da Bia');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await settle();
    expect(await app.calls.company.requests.at(-1)!.clone().json()).toMatchObject({
      name: 'Doces e Bolos da Bia',
    });
    app.calls.company.answer(ok(onboardingStatuses.withCompany));
    await settle();
    expect(app.url()).toBe('/onboarding/phone');
    // Both moves were the app's own: the browser's Back retraces them.
    expect(app.location.history).toEqual(['/onboarding/phone', '/onboarding/company', '/onboarding/phone']);
  });

  it('the name step has no "Voltar"; the trial’s goes to the phone, whose verified number goes on without a code', async () => {
    const first = await open('/onboarding/user-name', onboardingStatuses.fresh);
    expect(screen.queryByRole('button', { name: 'Voltar' })).toBeNull();
    first.unmount();

    const app = await open('/onboarding/trial', onboardingStatuses.phoneVerified, {
      'free-trial': ok(freeTrialOffer),
    });
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Voltar' }).at(-1)!);
    await settle();
    expect(app.url()).toBe('/onboarding/phone');
    expect(screen.getByText('Este número já foi confirmado.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await settle();
    expect(app.url()).toBe('/onboarding/trial');
    expect(app.calls['send-code'].requests).toHaveLength(0);
  });

  it('verify-phone opened with a number no code went to says so, and sends one when asked', async () => {
    const app = await open('/onboarding/verify-phone?phone=5511987654321', onboardingStatuses.withCompany);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Validação de telefone');
    expect(screen.queryByText(/^Enviamos um código/)).toBeNull();
    expect(screen.getByText(/^Ainda não enviamos um código para/).textContent).toBe(
      'Ainda não enviamos um código para (11) 98765-4321. Envie um código por SMS para confirmar que o número é seu.',
    );
    expect(screen.queryByLabelText('Código de verificação')).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Enviar código' }));
    await settle();
    expect(await app.calls['send-code'].requests.at(-1)!.clone().json()).toEqual({
      phoneNumber: '5511987654321',
      userId: PATHS_USER_ID,
      isResend: false,
    });
    app.calls['send-code'].answer(
      ok({
        phoneNumber: '5511987654321',
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
      }),
    );
    await settle();
    expect(screen.getByText(/^Enviamos um código de 6 números por SMS para/)).toBeTruthy();
    expect(screen.getByLabelText('Código de verificação')).toBeTruthy();
  });

  it('a status that does not come says it retries, and "Tentar agora" asks again at once', async () => {
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK] });
    // user-event drains each action with a setTimeout(0) it advances only on Jest's fake timers.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    try {
      const app = openOnboarding('/onboarding', needsOnboarding, {}, { queryClient: createQueryClient() });
      await settle();
      expect(screen.getByRole('status').textContent).toBe('Carregando onboarding...');
      expect(screen.getByRole('button', { name: 'Sair' })).toBeTruthy();

      app.calls.status.answer('network-error');
      await act(() => vi.advanceTimersByTimeAsync(16));
      await settle();
      expect(screen.getByRole('status').textContent).toBe(
        `Não foi possível carregar. Tentando de novo (1 de 3)…${UNREACHABLE_TEXT}Tentar agora`,
      );
      expect(app.calls.status.requests).toHaveLength(1);

      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      await user.click(screen.getByRole('button', { name: 'Tentar agora' }));
      await settle();
      expect(app.calls.status.requests, 'asked again without waiting').toHaveLength(2);
      expect(app.calls.status.answer(ok(onboardingStatuses.named))).toBe(1);
      await settle();
      expect(app.url()).toBe('/onboarding/company');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sobre sua empresa');
    } finally {
      vi.useRealTimers();
    }
  });
});
