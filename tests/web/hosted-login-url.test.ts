import { describe, expect, test, vi } from 'vitest';
import { hostedLoginUrl, hostedLogoutUrl } from '../../src/app/session/hosted-login';

// A client built without AUTH_URL (the embedded default); the other web tests build with one.
vi.mock('../../src/lib/build-config', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/build-config')>()),
  AUTH_URL: '',
}));

describe('the hosted login without AUTH_URL', () => {
  test('is reached on the address the app is open on, and returns there', () => {
    expect(hostedLoginUrl()).toBe('/auth/login?returnTo=http%3A%2F%2Flocalhost%3A3000');
    expect(hostedLogoutUrl('/tasks')).toBe(
      '/auth/logout?returnTo=http%3A%2F%2Flocalhost%3A3000&redirect=%2Ftasks',
    );
  });
});
