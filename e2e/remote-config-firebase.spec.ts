import { expect, type Page, test } from '@playwright/test';
import { computeSecurityHeaders, helmetOptionsFor } from '../server/http/security-headers';
import { buildClient, serveBuiltClient } from './support/built-client';
import { type FetchAnswer, FIREBASE_HOSTS, FirebaseStandIn } from './support/firebase-standin';
import { apiOf } from './support/owner-api';
import { signIn } from './support/sign-in';

/**
 * Remote configuration from Firebase (issue 16), against a local stand-in for Firebase's hosts
 * (e2e/support/firebase-standin.ts) that speaks the SDK's protocol and checks what it sends. The
 * client is built once more with Firebase keys; the demo owner signs in on the usual build, then
 * the app's files come from the Firebase build under the policy the server sets when Firebase is
 * configured, the API from the real server.
 */
const project = { apiKey: 'AIzaE2eStandInKey', projectId: 'fechai-e2e', appId: '1:1234567890:web:e2e' };
const outDir = 'dist/client-firebase';
const firebaseCsp = String(
  computeSecurityHeaders(helmetOptionsFor({ facebookSdkAllowed: false, remoteConfigFromFirebase: true }))[
    'content-security-policy'
  ],
);

const DEFAULT_CHARGE_URL = 'https://nubank.com.br/empresas/assistente-de-cobrancas/';
const published = {
  charge_with_nu_uri_web: 'https://nubank.com.br/empresas/cobrancas/?origem=firebase',
  why_charge_with_nu_uri: 'https://nubank.com.br/empresas/por-que-cobrar/?origem=firebase',
};

const HOUR = 60 * 60 * 1000;

/** A task of the demo owner's, whose detail shows the charge links. */
async function aTask(page: Page, baseURL: string): Promise<string> {
  const { task } = await apiOf(page, baseURL)<{ task: { id: string } }>('POST', '/api/tasks', {
    title: 'Cobrar a encomenda',
    dueAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  return task.id;
}

const chargeLink = (page: Page) => page.getByRole('link', { name: 'Cobrar com Nubank' });
const whyLink = (page: Page) => page.getByRole('link', { name: 'Por que cobrar pelo app do banco?' });

/** The page's console lines and content-security-policy violations. */
function consoleOf(page: Page) {
  const lines: string[] = [];
  page.on('console', (message) => lines.push(message.text()));
  return {
    lines,
    violations: () => lines.filter((line) => /Content Security Policy/.test(line)),
    saying: (text: string) => lines.filter((line) => line.includes(text)),
  };
}

/** Signed in, the stand-in on Google's hosts, the Firebase build served: a task to open. */
async function onFirebaseBuild(page: Page, baseURL: string, answer: FetchAnswer = 'parameters') {
  const log = consoleOf(page);
  await signIn(page);
  const taskId = await aTask(page, baseURL);
  const firebase = new FirebaseStandIn(project, published);
  firebase.fetchAnswer = answer;
  await firebase.attach(page);
  await serveBuiltClient(page, baseURL, outDir, firebaseCsp);
  return { firebase, log, taskPath: `/tasks/${taskId}` };
}

test.describe('remote configuration from Firebase (local stand-in)', () => {
  test.beforeAll(() => {
    test.setTimeout(240_000);
    buildClient(outDir, {
      FIREBASE_API_KEY: project.apiKey,
      FIREBASE_PROJECT_ID: project.projectId,
      FIREBASE_APP_ID: project.appId,
    });
  });

  test('the charge links come from the published parameters; within the hour reloads fetch nothing', async ({
    page,
    baseURL,
  }) => {
    const { firebase, log, taskPath } = await onFirebaseBuild(page, baseURL!);
    await page.goto(taskPath);
    await expect(chargeLink(page)).toHaveAttribute('href', published.charge_with_nu_uri_web);
    await expect(whyLink(page)).toHaveAttribute('href', published.why_charge_with_nu_uri);

    // What the SDK sent passed the service's checks: a registered installation, its token, our app.
    expect(firebase.refusals).toEqual([]);
    expect(firebase.requestsTo('installation')).toHaveLength(1);
    const [fetch] = firebase.requestsTo('fetch');
    expect(fetch.body).toMatchObject({ app_id: project.appId, language_code: 'pt-BR' });
    expect(fetch.headers['if-none-match']).toBe('*');
    expect(log.violations()).toEqual([]);

    // Reloads within the hour answer from what was fetched, without asking again.
    await page.reload();
    await expect(chargeLink(page)).toHaveAttribute('href', published.charge_with_nu_uri_web);
    await page.goto('/home');
    await page.goto(taskPath);
    await expect(chargeLink(page)).toHaveAttribute('href', published.charge_with_nu_uri_web);
    expect(firebase.requestsTo('fetch')).toHaveLength(1);
    expect(firebase.requestsTo('installation')).toHaveLength(1);
    expect(firebase.refusals).toEqual([]);
  });

  test('after the hour the next load fetches again, with the ETag it has, and gets new parameters', async ({
    page,
    baseURL,
  }) => {
    await page.clock.install();
    const { firebase, taskPath } = await onFirebaseBuild(page, baseURL!);
    await page.goto(taskPath);
    await expect(chargeLink(page)).toHaveAttribute('href', published.charge_with_nu_uri_web);

    // A new version published while no page is open (an open one would hear it on its stream).
    await page.goto('about:blank');
    const republished = { ...published, charge_with_nu_uri_web: 'https://nubank.com.br/empresas/v2/' };
    firebase.publish(republished);
    await page.goto(taskPath);
    await expect(chargeLink(page)).toHaveAttribute('href', published.charge_with_nu_uri_web);
    expect(firebase.requestsTo('fetch')).toHaveLength(1);

    await page.goto('about:blank');
    await page.clock.fastForward(HOUR + 60_000);
    await page.goto(taskPath);
    await expect(chargeLink(page)).toHaveAttribute('href', republished.charge_with_nu_uri_web);
    const fetches = firebase.requestsTo('fetch');
    expect(fetches).toHaveLength(2);
    expect(fetches[1].headers['if-none-match']).toBe(`etag-${project.projectId}-1`);
    expect(firebase.refusals).toEqual([]);
  });

  test('a version published while the page is open reaches it through the realtime stream', async ({
    page,
    baseURL,
  }) => {
    const { firebase, taskPath } = await onFirebaseBuild(page, baseURL!);
    await page.goto(taskPath);
    await expect(chargeLink(page)).toHaveAttribute('href', published.charge_with_nu_uri_web);
    await expect.poll(() => firebase.requestsTo('realtime').length).toBeGreaterThan(0);

    const republished = { ...published, charge_with_nu_uri_web: 'https://nubank.com.br/empresas/agora/' };
    firebase.publish(republished);
    // The SDK waits up to 3 s before fetching the announced version.
    await expect(chargeLink(page)).toHaveAttribute('href', republished.charge_with_nu_uri_web, {
      timeout: 10_000,
    });
    expect(firebase.requestsTo('fetch')).toHaveLength(2);
    expect(firebase.refusals).toEqual([]);
  });

  for (const answer of ['dropped', 'unparsable'] as const) {
    test(`a fetch ${answer === 'dropped' ? 'whose connection drops' : 'answered with a body that is not JSON'} keeps the defaults`, async ({
      page,
      baseURL,
    }) => {
      const { firebase, log, taskPath } = await onFirebaseBuild(page, baseURL!, answer);
      await page.goto(taskPath);
      await expect.poll(() => log.saying('Remote config: the fetch failed')).toHaveLength(1);
      await expect(chargeLink(page)).toHaveAttribute('href', DEFAULT_CHARGE_URL);
      await expect(whyLink(page)).toHaveAttribute('href', /^https:\/\/wa\.me\//);
      expect(firebase.requestsTo('fetch').length).toBeGreaterThan(0);
      expect(firebase.refusals).toEqual([]);
      await expect(page.getByText('Algo deu errado')).toHaveCount(0);
    });
  }

  test('an unusable parameter keeps its own default, the others apply', async ({ page, baseURL }) => {
    const { firebase, log, taskPath } = await onFirebaseBuild(page, baseURL!);
    firebase.publish({
      ...published,
      charge_with_nu_uri_web: 'http://nubank.com.br/',
      mgm_config: '{not json',
    });
    await page.goto(taskPath);
    await expect(whyLink(page)).toHaveAttribute('href', published.why_charge_with_nu_uri);
    await expect(chargeLink(page)).toHaveAttribute('href', DEFAULT_CHARGE_URL);
    expect(log.saying('Remote config: unusable mgm_config, charge_with_nu_uri_web')).toHaveLength(1);
  });

  for (const answer of ['server-error', 'throttled'] as const) {
    test(`a fetch answered ${answer === 'throttled' ? '429' : '500'}: the SDK's backoff, then the throttle; the defaults stay and nothing is asked again within the hour`, async ({
      page,
      baseURL,
    }) => {
      await page.clock.install();
      const { firebase, log, taskPath } = await onFirebaseBuild(page, baseURL!, answer);
      await page.goto(taskPath);
      await expect.poll(() => firebase.requestsTo('fetch').length).toBeGreaterThan(0);
      await expect(chargeLink(page)).toHaveAttribute('href', DEFAULT_CHARGE_URL);

      // The SDK backs off and retries until its time-out, then reports the throttle: the minute
      // goes by in steps, each letting the page answer what came due.
      const throttled = () => log.saying('Remote config: the source asks to wait (throttled)');
      for (let second = 0; second < 70 && throttled().length === 0; second++) {
        await page.clock.fastForward(1000);
        await page.waitForTimeout(50);
      }
      expect(throttled()).toHaveLength(1);
      expect(firebase.requestsTo('fetch').length).toBeGreaterThan(1);
      expect(log.saying('Remote config: no answer in 60 s')).toEqual([]);
      await expect(chargeLink(page)).toHaveAttribute('href', DEFAULT_CHARGE_URL);

      // The service recovers; within the hour, a reload does not ask.
      firebase.fetchAnswer = 'parameters';
      const asked = firebase.requestsTo('fetch').length;
      await page.reload();
      await expect(chargeLink(page)).toHaveAttribute('href', DEFAULT_CHARGE_URL);
      await page.clock.fastForward(30 * 60_000);
      await page.reload();
      await expect(chargeLink(page)).toHaveAttribute('href', DEFAULT_CHARGE_URL);
      expect(firebase.requestsTo('fetch')).toHaveLength(asked);

      // Past the hour it asks again.
      await page.clock.fastForward(HOUR);
      await page.reload();
      await expect(chargeLink(page)).toHaveAttribute('href', published.charge_with_nu_uri_web);
      expect(firebase.refusals).toEqual([]);
    });
  }

  test('the policy allows Firebase only when it is configured: a build without keys contacts nothing at Google', async ({
    page,
    baseURL,
  }) => {
    const google: string[] = [];
    await page.route(/^https:\/\/[^/]*googleapis\.com\//, (route) => {
      google.push(route.request().url());
      return route.abort('blockedbyclient');
    });
    await signIn(page);
    const taskId = await aTask(page, baseURL!);
    const fromServer = page.waitForResponse((response) => response.url().endsWith('/api/remote-config'));
    const document = await page.goto(`/tasks/${taskId}`);
    await fromServer;
    await expect(chargeLink(page)).toHaveAttribute('href', DEFAULT_CHARGE_URL);
    expect(google).toEqual([]);

    // The server's own build, without Firebase: its policy names none of Firebase's hosts.
    const policy = (await document!.allHeaders())['content-security-policy'];
    for (const host of FIREBASE_HOSTS) {
      expect(policy).not.toContain(host);
      expect(firebaseCsp).toContain(host);
    }
  });
});
