import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import {
  type EmbeddedSignupConfig,
  getEmbeddedSignupConfigContract,
} from '../../contracts/whatsapp-connection';
import {
  EmbeddedSignupError,
  type EmbeddedSignupInput,
  type EmbeddedSignupResult,
} from '../../machines/whatsapp/embedded-signup.types';
import { embeddedSignupActor, resetEmbeddedSignup } from '../../src/features/whatsapp/embedded-signup';
import { fakeApi, HeldCalls, ok, settle } from './support/fake-api';

/**
 * Embedded Signup through Meta's SDK (signup-config says `meta`): a fake `window.FB` speaking the
 * SDK's shapes (FB.init, FB.login with its callback) and the `message` events Facebook's popup posts
 * from https://www.facebook.com, as JSON strings. What the adapter reports is what the chart gets:
 * the `embeddedSignup` actor's output, or its EmbeddedSignupError.
 */

const FACEBOOK = 'https://www.facebook.com';
const SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';

const metaConfig: EmbeddedSignupConfig = {
  provider: 'meta',
  appId: '1234567890123456',
  graphVersion: 'v23.0',
  configId: '111122223333',
  coexistenceConfigId: '444455556666',
  sdkUrl: SDK_URL,
  messageOrigin: FACEBOOK,
};

type LoginResponse = { authResponse?: { code?: string } | null; status?: string };

/** Facebook's SDK as the page gets it: FB.init and FB.login, each call kept. */
function fakeFacebookSdk() {
  const inits: unknown[] = [];
  const logins: Array<{ callback: (response: LoginResponse) => void; options: Record<string, unknown> }> = [];
  const sdk = {
    init(options: unknown) {
      inits.push(options);
    },
    login(callback: (response: LoginResponse) => void, options: Record<string, unknown>) {
      logins.push({ callback, options });
    },
  };
  return {
    sdk,
    inits,
    logins,
    /** FB.login's callback, as the SDK calls it when the popup ends. */
    answer(response: LoginResponse) {
      const login = logins.at(-1);
      if (!login) throw new Error('FB.login was not called');
      login.callback(response);
    },
  };
}

/** A message Facebook's popup posts to the page (a JSON string, as Meta sends it). */
function postFrom(origin: string, message: unknown) {
  window.dispatchEvent(new MessageEvent('message', { origin, data: JSON.stringify(message) }));
}

const finished = {
  type: 'WA_EMBEDDED_SIGNUP',
  event: 'FINISH',
  data: { phone_number_id: '106540352242922', waba_id: '102290129340398', business_id: '1020304050' },
  version: 3,
};

/** What the adapter hands the chart for the `finished` popup, with `code` and how it ended. */
function reported(code: string, finish: EmbeddedSignupResult['finish']) {
  const { phone_number_id: phoneNumberId, waba_id: wabaId, business_id: businessId } = finished.data;
  return { result: { code, finish, wabaId, phoneNumberId, businessId } };
}

/** The adapter as the chart runs it, and how it settled. */
function startSignup(input: EmbeddedSignupInput) {
  const actor = createActor(embeddedSignupActor, { input }).start();
  const outcome = toPromise(actor).then(
    (result: EmbeddedSignupResult) => ({ result }),
    (error: unknown) => ({ error }),
  );
  let settled: unknown = null;
  void outcome.then((value) => {
    settled = value;
  });
  return { actor, outcome, settledYet: () => settled !== null };
}

let facebook: ReturnType<typeof fakeFacebookSdk>;
let config: HeldCalls;

beforeEach(() => {
  resetEmbeddedSignup();
  delete window.FB;
  delete window.fbAsyncInit;
  facebook = fakeFacebookSdk();
  config = new HeldCalls(ok(metaConfig));
  fakeApi({
    routes: (request) =>
      new URL(request.url).pathname === getEmbeddedSignupConfigContract.url
        ? config.receive(request)
        : undefined,
  });
});

afterEach(() => {
  for (const script of document.head.querySelectorAll('script')) script.remove();
  delete window.FB;
  delete window.fbAsyncInit;
  resetEmbeddedSignup();
});

/** Starts a signup and lets Facebook's SDK load the way it does: the script, then fbAsyncInit. */
async function signupWithSdkLoaded(input: EmbeddedSignupInput) {
  const signup = startSignup(input);
  await settle();
  const script = document.head.querySelector<HTMLScriptElement>(`script[src="${SDK_URL}"]`);
  expect(script, 'the SDK is loaded from signup-config’s sdkUrl').not.toBeNull();
  window.FB = facebook.sdk;
  window.fbAsyncInit?.();
  await settle();
  return signup;
}

describe('Embedded Signup through Meta’s SDK', () => {
  it('inits the SDK with the app and logs in with the Cloud API configuration', async () => {
    const signup = await signupWithSdkLoaded({ mode: 'cloud_api' });

    expect(facebook.inits).toEqual([
      { appId: metaConfig.appId, version: 'v23.0', autoLogAppEvents: true, xfbml: false },
    ]);
    expect(facebook.logins).toHaveLength(1);
    expect(facebook.logins[0]!.options).toEqual({
      config_id: metaConfig.configId,
      response_type: 'code',
      override_default_response_type: true,
      extras: { setup: {}, sessionInfoVersion: '3' },
    });

    postFrom(FACEBOOK, finished);
    facebook.answer({ authResponse: { code: 'AQBx-code' }, status: 'connected' });

    expect(await signup.outcome).toEqual(reported('AQBx-code', 'FINISH'));
  });

  it('asks for the Business app onboarding in coexistence, and takes the code before the message', async () => {
    const signup = await signupWithSdkLoaded({ mode: 'coexistence' });

    expect(facebook.logins[0]!.options).toEqual({
      config_id: metaConfig.coexistenceConfigId,
      response_type: 'code',
      override_default_response_type: true,
      extras: { setup: {}, sessionInfoVersion: '3', featureType: 'whatsapp_business_app_onboarding' },
    });

    facebook.answer({ authResponse: { code: 'AQBx-coex' }, status: 'connected' });
    await settle();
    expect(signup.settledYet(), 'the code alone does not end it: the ids are still to come').toBe(false);
    postFrom(FACEBOOK, { ...finished, event: 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING' });

    expect(await signup.outcome).toEqual(reported('AQBx-coex', 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING'));
  });

  it('reports FINISH_ONLY_WABA without a number, for the server to look it up', async () => {
    const signup = await signupWithSdkLoaded({ mode: 'cloud_api' });
    postFrom(FACEBOOK, {
      type: 'WA_EMBEDDED_SIGNUP',
      event: 'FINISH_ONLY_WABA',
      data: { waba_id: '102290129340398', business_id: '1020304050' },
      version: 3,
    });
    facebook.answer({ authResponse: { code: 'AQBx-waba' }, status: 'connected' });

    const { result } = reported('AQBx-waba', 'FINISH_ONLY_WABA');
    expect(await signup.outcome).toEqual({ result: { ...result, phoneNumberId: null } });
  });

  it('reports a cancel with the step the owner closed it at', async () => {
    const signup = await signupWithSdkLoaded({ mode: 'cloud_api' });
    postFrom(FACEBOOK, {
      type: 'WA_EMBEDDED_SIGNUP',
      event: 'CANCEL',
      data: { current_step: 'PHONE_NUMBER_VERIFICATION' },
      version: 3,
    });

    const { error } = (await signup.outcome) as { error: EmbeddedSignupError };
    expect(error).toBeInstanceOf(EmbeddedSignupError);
    expect(error.kind).toBe('cancelled');
    expect(error.currentStep).toBe('PHONE_NUMBER_VERIFICATION');
  });

  it('reports a popup closed without a message as cancelled (FB.login answers no code)', async () => {
    const signup = await signupWithSdkLoaded({ mode: 'cloud_api' });
    facebook.answer({ authResponse: null, status: 'unknown' });

    const { error } = (await signup.outcome) as { error: EmbeddedSignupError };
    expect(error.kind).toBe('cancelled');
    expect(error.currentStep).toBeNull();
  });

  it('reports an error Meta’s popup stopped on with Meta’s words, as a failure and not a cancel', async () => {
    const signup = await signupWithSdkLoaded({ mode: 'cloud_api' });
    postFrom(FACEBOOK, {
      type: 'WA_EMBEDDED_SIGNUP',
      event: 'ERROR',
      data: {
        error_message: 'Your verification code is incorrect.',
        error_id: '524126',
        session_id: 'f34b51dab5e0498',
        timestamp: '1689211208',
      },
      version: 3,
    });
    facebook.answer({ authResponse: null, status: 'unknown' });

    const { error } = (await signup.outcome) as { error: EmbeddedSignupError };
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('Your verification code is incorrect.');
  });

  it('ignores messages from any other origin, and keeps waiting for Facebook’s', async () => {
    const signup = await signupWithSdkLoaded({ mode: 'cloud_api' });

    postFrom('https://evil.example', { ...finished, data: { ...finished.data, waba_id: '666' } });
    postFrom(window.location.origin, {
      type: 'WA_EMBEDDED_SIGNUP',
      event: 'CANCEL',
      data: { current_step: 'BUSINESS_INFO' },
    });
    postFrom('https://www.facebook.com.evil.example', {
      ...finished,
      data: { ...finished.data, waba_id: '7' },
    });
    // The simulator's stand-in for the SDK callback means nothing when Meta's SDK is in charge.
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: FACEBOOK,
        data: { type: 'FB_LOGIN_RESULT', authResponse: { code: 'forged' } },
      }),
    );
    await settle();
    expect(signup.settledYet()).toBe(false);

    postFrom(FACEBOOK, finished);
    facebook.answer({ authResponse: { code: 'AQBx-real' }, status: 'connected' });
    const { result } = (await signup.outcome) as { result: EmbeddedSignupResult };
    expect(result.code).toBe('AQBx-real');
    expect(result.wabaId).toBe('102290129340398');
  });

  it('reports Facebook’s SDK that does not load as unavailable', async () => {
    const signup = startSignup({ mode: 'cloud_api' });
    await settle();
    const script = document.head.querySelector<HTMLScriptElement>(`script[src="${SDK_URL}"]`)!;
    script.dispatchEvent(new Event('error'));

    const { error } = (await signup.outcome) as { error: EmbeddedSignupError };
    expect(error.kind).toBe('unavailable');
    expect(facebook.logins).toHaveLength(0);
  });
});
