import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connectWhatsappContract,
  disconnectWhatsappContract,
  type EmbeddedSignupConfig,
  getEmbeddedSignupConfigContract,
  sendDisconnectFeedbackContract,
} from '../../contracts/whatsapp-connection';
import { getWhatsappStatusContract, type WhatsappConnectionState } from '../../contracts/whatsapp-status';
import { whatsappConnectionPathModel } from '../../machines/whatsapp/whatsapp-connection.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import {
  actWhatsappConnectionStep,
  checkWhatsappConnectionStep,
  type WhatsappConnectionServer,
} from '../support/drivers/whatsapp-connection.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { type FakeRoutes, failed, HeldCalls, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { sessionCheck } from './support/session-cookies';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(whatsappConnectionPathModel);

/** The local simulator's popup, as signup-config points to it. */
function signupConfig(): EmbeddedSignupConfig {
  return {
    provider: 'simulator',
    appId: 'sim-app',
    graphVersion: 'v23.0',
    configId: 'sim-config',
    coexistenceConfigId: 'sim-coexistence',
    sdkUrl: '/dev/whatsapp/signup',
    messageOrigin: window.location.origin,
  };
}

/**
 * The fake API: the status held until a step answers it (then standing), the commands held until
 * their step; Meta's popup a window.open the test watches, its messages posted to the app's window.
 */
function jsdomConnection() {
  let app: ReturnType<typeof openSignedIn> | undefined;
  const status = new HeldCalls();
  const config = new HeldCalls(ok(signupConfig()));
  const connect = new HeldCalls();
  const disconnect = new HeldCalls();
  const feedback = new HeldCalls();
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && pathname === getWhatsappStatusContract.url)
      return status.receive(request);
    if (request.method === 'GET' && pathname === getEmbeddedSignupConfigContract.url)
      return config.receive(request);
    if (request.method === 'POST' && pathname === connectWhatsappContract.url)
      return connect.receive(request);
    if (request.method === 'DELETE' && pathname === disconnectWhatsappContract.url)
      return disconnect.receive(request);
    if (request.method === 'POST' && pathname === sendDisconnectFeedbackContract.url)
      return feedback.receive(request);
    return undefined;
  };
  const opened: string[] = [];
  const popup = { closed: false, close: () => {} };
  const post = async (data: unknown) => {
    window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data }));
    await settleQueries();
  };
  const answerHeld = async (calls: HeldCalls, reply: { status: number; body: unknown }) => {
    expect(calls.answer(reply), 'a call waited').toBe(1);
    await settleQueries();
  };

  const server: WhatsappConnectionServer = {
    async open(url, coexistenceEnabled) {
      const session = sessionCheck({
        featureFlags: { isSentinelWatcherEnabled: false, isMetaCoexistenceEnabled: coexistenceEnabled },
      });
      app = openSignedIn(url, { routes: [routes], session });
      await settleQueries();
    },
    async answerStatus(answer) {
      status.always(ok(answer));
      await settleQueries();
    },
    async failStatus() {
      // This cache does not retry: the one call fails, and the next waits again.
      expect(status.answer(failed(500, 'Erro interno do servidor.')), 'a status call waited').toBeGreaterThan(
        0,
      );
      await settleQueries();
    },
    async statusElsewhere(answer: WhatsappConnectionState) {
      status.always(ok(answer));
      // The tab comes back into view: the status is read again.
      window.dispatchEvent(new Event('visibilitychange'));
      await settleQueries();
    },
    async expectPopup(mode, blocked) {
      vi.spyOn(window, 'open').mockImplementationOnce((url) => {
        opened.push(String(url));
        return blocked ? null : (popup as unknown as Window);
      });
      void mode;
    },
    async finishPopup(result) {
      const last = new URL(opened.at(-1)!, window.location.origin);
      expect(last.pathname).toBe('/dev/whatsapp/signup');
      await post({
        type: 'WA_EMBEDDED_SIGNUP',
        event: result.finish,
        data: {
          phone_number_id: result.phoneNumberId,
          waba_id: result.wabaId,
          business_id: result.businessId,
        },
      });
      await post({ type: 'FB_LOGIN_RESULT', authResponse: { code: result.code } });
    },
    async cancelPopup(currentStep) {
      await post({ type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', data: { current_step: currentStep } });
    },
    async answerConnect(expected, code, body) {
      const request = connect.requests.at(-1)!;
      expect(await request.clone().json()).toEqual(expected);
      expect(new URL(opened.at(-1)!, window.location.origin).searchParams.get('mode')).toBe(expected.mode);
      await answerHeld(connect, { status: code, body });
      if (code === 200) status.always(body as ReturnType<typeof ok>);
    },
    async answerDisconnect(code, body) {
      await answerHeld(disconnect, { status: code, body });
      if (code === 200) status.always(body as ReturnType<typeof ok>);
    },
    async answerFeedback(expected, code, body) {
      expect(await feedback.requests.at(-1)!.clone().json()).toEqual(expected);
      await answerHeld(feedback, { status: code, body });
    },
    async goBack(to) {
      // The in-memory location has no Back: the address it leads to is opened in the app.
      app!.location.navigate(to);
      await settleQueries();
    },
  };
  return {
    ui: jsdomSurface({ url: () => app?.url() }),
    server,
    unmount: () => app?.unmount(),
  };
}

describe('"Conexão WhatsApp": whatsapp-connection chart paths, as the owner sees them', () => {
  withPagesPreloaded();
  beforeEach(() => {
    vi.restoreAllMocks();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const { ui, server, unmount } = jsdomConnection();
      await walkPath(whatsappConnectionPathModel, path, {
        act: (index) => actWhatsappConnectionStep(ui, server, path, index),
        check: (index) => checkWhatsappConnectionStep(ui, path, index),
      });
      unmount();
    },
  );
});
