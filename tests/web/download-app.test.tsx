import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { fakeApi, sessionAnswer, settle } from './support/fake-api';
import { stubPageLocation } from './support/page-location';
import { withPagesPreloaded } from './support/preload-pages';
import { renderApp } from './support/render-app';
import { accessTokenExpiringIn, sessionCheck, setSessionCookies } from './support/session-cookies';

describe('/download-app (spec §2)', () => {
  withPagesPreloaded();

  test('titled "Baixar aplicativo", with the App Store and Google Play badges of the build', async () => {
    fakeApi();
    renderApp('/download-app');
    await settle();
    expect(document.title).toBe('Baixar aplicativo · Fechaí');
    expect(screen.getByRole('heading', { level: 1, name: 'Baixar aplicativo' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Baixar na App Store' }).getAttribute('href')).toBe(
      'https://apps.apple.com/br/app/fechai/id0000000000',
    );
    expect(screen.getByRole('link', { name: 'Disponível no Google Play' }).getAttribute('href')).toBe(
      'https://play.google.com/store/apps/details?id=br.com.fechai.app',
    );
  });

  test('"Continuar no navegador" goes on to /home and remembers the choice on this device', async () => {
    setSessionCookies({ accessToken: accessTokenExpiringIn(900), refreshToken: 'rt-1' });
    fakeApi({ session: sessionAnswer(sessionCheck()) });
    const { location } = renderApp('/download-app');
    await settle();
    await userEvent.click(screen.getByRole('button', { name: 'Continuar no navegador' }));
    await settle();
    expect(location.history).toEqual(['/download-app', '/home']);
    expect(screen.getByRole('heading', { level: 1, name: 'Início' })).toBeDefined();
    expect(localStorage.getItem('fechai-web-on-mobile')).toBe('1');
  });

  test('without a session, "Continuar no navegador" leads to sign-in like any signed-in page', async () => {
    stubPageLocation();
    fakeApi();
    const { location } = renderApp('/download-app');
    await settle();
    await userEvent.click(screen.getByRole('button', { name: 'Continuar no navegador' }));
    await settle();
    expect(location.history!.at(-1)).toBe('/logout?redirect=%2Fhome');
  });
});
