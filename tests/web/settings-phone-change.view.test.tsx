import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { withCountryCode } from '../../contracts/brazil/mobile-phone';
import { type Answer, failed, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { fakeSettingsRoutes, settingsUser } from './support/settings-api';
import { openSignedIn } from './support/signed-in';

const PHONE_CHANGE = '/settings/access-security/phone-change';

function phoneField() {
  return screen.getByLabelText('Novo número de celular') as HTMLInputElement;
}

/** A send's answer for `phoneNumber`: the code expires in 10 minutes, another in 60 s from now. */
function codeSent(phoneNumber: string) {
  return {
    phoneNumber,
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
  };
}

/** A code sent a while ago to the number asked about: it still works, another may be asked for now. */
const sentAWhileAgo = (_request: Request, url: URL) => {
  const phoneNumber = withCountryCode(url.searchParams.get('phoneNumber') ?? '');
  return ok({
    pendingVerification: {
      phoneNumber,
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
      resendAvailableAt: new Date(Date.now() - 1_000).toISOString(),
    },
  });
};

async function open(
  url = PHONE_CHANGE,
  user = ok({ getUser: settingsUser() }),
  pending: Answer = sentAWhileAgo,
) {
  const settings = fakeSettingsRoutes({ user, pending });
  const app = openSignedIn(url, { routes: [settings.routes] });
  await settleQueries();
  return { ...app, settings };
}

describe('Acesso e Segurança: "Alterar o número de celular" and "Valide seu telefone"', () => {
  withPagesPreloaded();

  test('/settings/access-security leads to the phone change, which shows the current number', async () => {
    const { url } = await open('/settings/access-security');
    expect(url()).toBe(PHONE_CHANGE);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Alterar o número de celular');
    expect(screen.getByText('Número atual').nextElementSibling?.textContent).toBe('(11) 98765-4321');
  });

  test('the new number takes the mask as it is typed or pasted', async () => {
    await open();
    await userEvent.type(phoneField(), '2199876');
    expect(phoneField().value).toBe('(21) 9987-6');
    await userEvent.type(phoneField(), '5432');
    expect(phoneField().value).toBe('(21) 99876-5432');
    await userEvent.type(phoneField(), '9');
    expect(phoneField().value, 'no more than 11 digits').toBe('(21) 99876-5432');
    await userEvent.clear(phoneField());
    await userEvent.paste('+55 (21) 99876-5432');
    expect(phoneField().value).toBe('(21) 99876-5432');
  });

  test('the user’s data cannot be loaded: the page’s own error screen, a retry and the way back', async () => {
    const { settings } = await open(PHONE_CHANGE, failed(500, 'Falha interna.'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Alterar o número de celular');
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe(
      'Não foi possível abrir a alteração do celular',
    );
    expect(screen.queryByText('Algo deu errado')).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar para Configurações' }).getAttribute('href')).toBe(
      '/settings',
    );
    expect(screen.queryByLabelText('Novo número de celular')).toBeNull();

    settings.user.always(ok({ getUser: settingsUser() }));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await settleQueries();
    expect(phoneField()).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('from the error screen, the way back leads to /settings', async () => {
    const { url } = await open(PHONE_CHANGE, failed(503, 'Serviço indisponível.', 'SERVICE_UNAVAILABLE'));
    await userEvent.click(screen.getByRole('link', { name: 'Voltar para Configurações' }));
    await settleQueries();
    expect(url()).toBe('/settings');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Configurações');
  });

  test('a code goes to the new number; the right code changes it, says so, and returns to /settings', async () => {
    const { settings, server, url } = await open();
    await userEvent.type(phoneField(), '21998765432');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await settings.sendCode.requests[0]!.clone().json()).toEqual({
      phoneNumber: '5521998765432',
      isResend: false,
    });
    settings.sendCode.answer(ok(codeSent('5521998765432')));
    await settleQueries();

    expect(url()).toBe(`${PHONE_CHANGE}/validate?phone=5521998765432`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Valide seu telefone');
    expect(screen.getByText('(21) 99876-5432')).toBeDefined();
    // The send's answer came along: another code only after the cooldown.
    const resend = screen.getByRole('button', { name: /^Reenviar código em/ }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);

    const checks = server.session.requests.length;
    const userReads = settings.user.requests.length;
    await userEvent.type(screen.getByLabelText('Código de verificação'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Validar' }));
    expect(await settings.verifyCode.requests[0]!.clone().json()).toEqual({
      phoneNumber: '5521998765432',
      code: '123456',
    });
    settings.user.always(ok({ getUser: settingsUser({ mobilePhone: '5521998765432' }) }));
    settings.verifyCode.answer(ok({ mobilePhone: '5521998765432' }));
    await settleQueries();

    expect(url()).toBe('/settings');
    expect(document.querySelector('[data-testid="toast-phone-changed"] [data-title]')?.textContent).toBe(
      'Número de celular atualizado.',
    );
    expect(server.session.requests.length).toBeGreaterThan(checks);
    expect(settings.user.requests.length).toBeGreaterThan(userReads);
    expect(
      within(screen.getByRole('region', { name: 'Sua conta' })).getByText('(21) 99876-5432'),
    ).toBeDefined();
  });

  test('a wrong code shows the server’s text and the number stays', async () => {
    const { settings, url } = await open(`${PHONE_CHANGE}/validate?phone=5521998765432`);
    await userEvent.type(screen.getByLabelText('Código de verificação'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Validar' }));
    settings.verifyCode.answer(
      failed(400, 'Código incorreto. Você ainda tem 4 tentativas.', 'VALIDATION_ERROR'),
    );
    await settleQueries();
    expect(screen.getByRole('alert').textContent).toBe('Código incorreto. Você ainda tem 4 tentativas.');
    expect(url()).toBe(`${PHONE_CHANGE}/validate?phone=5521998765432`);
  });

  test('"Reenviar código" asks the settings call for another code', async () => {
    const { settings } = await open(`${PHONE_CHANGE}/validate?phone=21998765432`);
    // Reopened after the cooldown: the server's pending code, and another may be asked for at once.
    expect(settings.pending.requests[0]!.url).toContain('phoneNumber=5521998765432');
    await userEvent.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(await settings.sendCode.requests[0]!.clone().json()).toEqual({
      phoneNumber: '5521998765432',
      isResend: true,
    });
  });

  test('"Alterar número" goes back to the form', async () => {
    const { url } = await open(`${PHONE_CHANGE}/validate?phone=5521998765432`);
    await userEvent.click(screen.getByRole('button', { name: 'Alterar número' }));
    await settleQueries();
    expect(url()).toBe(PHONE_CHANGE);
    expect(phoneField()).toBeDefined();
  });

  test('opened directly with no code pending for the number: says none was sent, and sends the first', async () => {
    const { settings } = await open(
      `${PHONE_CHANGE}/validate?phone=5521998765432`,
      undefined,
      ok({ pendingVerification: null }),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Valide seu telefone');
    expect(screen.getByText(/^Ainda não enviamos um código para/)).toBeDefined();
    expect(screen.queryByText(/Enviamos um código/)).toBeNull();
    expect(screen.queryByLabelText('Código de verificação')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await settings.sendCode.requests[0]!.clone().json()).toEqual({
      phoneNumber: '5521998765432',
      isResend: false,
    });
    settings.sendCode.answer(ok(codeSent('5521998765432')));
    await settleQueries();
    expect(screen.getByLabelText('Código de verificação')).toBeDefined();
    expect((screen.getByRole('button', { name: /^Reenviar código em/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  test('reloaded while a code is pending: counts down to the server’s resend time', async () => {
    await open(
      `${PHONE_CHANGE}/validate?phone=5521998765432`,
      undefined,
      ok({ pendingVerification: codeSent('5521998765432') }),
    );
    expect(screen.getByLabelText('Código de verificação')).toBeDefined();
    expect(screen.queryByText(/^Ainda não enviamos um código/)).toBeNull();
    expect((screen.getByRole('button', { name: /^Reenviar código em/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  test.each(['', '?phone=', '?phone=1234'])(
    '"Valide seu telefone" without a mobile number (%s): the form',
    async (search) => {
      const { url } = await open(`${PHONE_CHANGE}/validate${search}`);
      expect(url()).toBe(PHONE_CHANGE);
    },
  );
});
