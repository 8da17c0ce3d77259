import { act, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { settle } from './support/fake-api';
import { openApp as open } from './support/open-app';
import { withPagesPreloaded } from './support/preload-pages';

describe('/signup details', () => {
  withPagesPreloaded();

  test('a token the server refuses (400) is a failed call: "Failed to verify email"', async () => {
    const app = open('/signup?verificationToken=abc');
    await settle();
    app.server.validation.answer({
      status: 400,
      body: { success: false, error: 'Dados inválidos.', code: 'VALIDATION_ERROR' },
    });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Failed to verify email');
  });

  test('an invalid or expired token offers the hosted login, not a retry', async () => {
    const app = open('/signup?verificationToken=used');
    await settle();
    app.server.validation.answer({ status: 200, body: { success: true, data: { validated: false } } });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Invalid or expired verification token');
    expect(screen.getByRole('link', { name: 'Ir para o login' }).getAttribute('href')).toBe(
      'https://entrar.fechai.test/auth/login?returnTo=http%3A%2F%2Flocalhost%3A3000',
    );
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
  });

  test('the link is validated once, even when the page re-renders', async () => {
    const app = open('/signup?verificationToken=abc');
    await settle();
    act(() => app.location.navigate('/signup?verificationToken=abc&x=1'));
    await settle();
    expect(app.server.validation.requests).toHaveLength(1);
  });
});
