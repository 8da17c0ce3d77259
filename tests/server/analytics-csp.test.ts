import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { computeSecurityHeaders, helmetOptionsFor } from '../../server/http/security-headers';

/** The content security policy of a server started with `env`, directive by directive. */
function policy(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const header = String(
    computeSecurityHeaders(
      helmetOptionsFor({
        facebookSdkAllowed: false,
        analytics: config.analytics,
        remoteConfigFromFirebase: config.remoteConfigFromFirebase,
        branch: config.branch,
      }),
    )['content-security-policy'],
  );
  return Object.fromEntries(
    header.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  ) as Record<string, string[]>;
}

describe('content security policy for the analytics providers', () => {
  it('allows no provider host when no key is set (the default)', () => {
    const csp = policy({});
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'", 'ws:', 'wss:']);
    expect(Object.values(csp).flat().join(' ')).not.toMatch(
      /googletagmanager|posthog|sentry|clarity|intercom/,
    );
  });

  it("allows each configured provider's hosts and nothing of the others", () => {
    const csp = policy({ GTM_ID: 'GTM-ABC123', POSTHOG_KEY: 'phc_test' });
    expect(csp['script-src']).toEqual([
      "'self'",
      'https://www.googletagmanager.com',
      'https://connect.facebook.net',
      'https://us.i.posthog.com',
      'https://us-assets.i.posthog.com',
    ]);
    expect(csp['connect-src']).toContain('https://us.i.posthog.com');
    expect(Object.values(csp).flat().join(' ')).not.toMatch(/sentry|clarity|intercom/);
  });

  it("allows Sentry's DSN host for reports and a blob worker for its replays", () => {
    const csp = policy({ SENTRY_DSN: 'https://abc123@o1.ingest.us.sentry.io/42' });
    expect(csp['connect-src']).toEqual(["'self'", 'ws:', 'wss:', 'https://o1.ingest.us.sentry.io']);
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(csp['script-src']).toEqual(["'self'"]);
  });

  it('allows only the stand-in hosts when the providers point elsewhere (tests, a proxy)', () => {
    const csp = policy({
      GTM_ID: 'GTM-ABC123',
      GTM_URL: 'http://127.0.0.1:4999/gtm',
      CLARITY_ID: 'clarity1',
      CLARITY_URL: 'http://127.0.0.2:4999',
      INTERCOM_APP_ID: 'app1',
      INTERCOM_URL: 'http://127.0.0.3:4999',
    });
    expect(csp['script-src']).toEqual([
      "'self'",
      'http://127.0.0.1:4999',
      'http://127.0.0.2:4999',
      'http://127.0.0.3:4999',
    ]);
    expect(Object.values(csp).flat().join(' ')).not.toMatch(/google|clarity\.ms|intercom/);
  });
});

describe('content security policy for remote configuration', () => {
  it('lets the browser reach Firebase only when the client reads remote configuration there', () => {
    expect(Object.values(policy({})).flat().join(' ')).not.toMatch(/firebase/);
    const csp = policy({ FIREBASE_PROJECT_ID: 'fechai-prod' });
    expect(csp['connect-src']).toEqual([
      "'self'",
      'ws:',
      'wss:',
      'https://firebaseinstallations.googleapis.com',
      'https://firebaseremoteconfig.googleapis.com',
      'https://firebaseremoteconfigrealtime.googleapis.com',
    ]);
    expect(csp['script-src']).toEqual(["'self'"]);
  });
});

describe('content security policy for Branch (referral links)', () => {
  it("lets the browser reach Branch's API and link domain only with a Branch key", () => {
    expect(Object.values(policy({})).flat().join(' ')).not.toMatch(/branch|app\.link/);
    const csp = policy({ BRANCH_KEY: 'key_live_fechai' });
    expect(csp['connect-src']).toEqual(["'self'", 'ws:', 'wss:', 'https://api2.branch.io']);
    expect(csp['script-src']).toEqual(["'self'", 'https://app.link', 'https://api2.branch.io']);
  });
});
