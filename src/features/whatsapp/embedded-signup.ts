import { fromPromise } from 'xstate';
import {
  type EmbeddedSignupConfig,
  type EmbeddedSignupFinish,
  embeddedSignupFinishes,
  getEmbeddedSignupConfigContract,
} from '../../../contracts/whatsapp-connection';
import {
  EmbeddedSignupError,
  type EmbeddedSignupInput,
  type EmbeddedSignupResult,
} from '../../../machines/whatsapp/embedded-signup.types';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';

/**
 * Meta's Embedded Signup in the browser (../shared/whatsapp-cloud-api.md): GET signup-config says
 * where the popup comes from. `meta`: Facebook's SDK, loaded on demand, `FB.login` with the
 * configuration and the WA_EMBEDDED_SIGNUP messages from `messageOrigin`. `simulator`: the local
 * Cloud API's signup page in a popup on this origin, which posts the same messages to its opener,
 * then `{ type: 'FB_LOGIN_RESULT', authResponse: { code } | null }` as FB.login's callback would get.
 * The chart calls it through its `prepareSignup` and `embeddedSignup` actors.
 */

interface FacebookSdk {
  init(options: { appId: string; version: string; autoLogAppEvents?: boolean; xfbml?: boolean }): void;
  login(
    callback: (response: { authResponse?: { code?: string } | null; status?: string }) => void,
    options: Record<string, unknown>,
  ): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

const CANCELLED_TEXT = 'A janela do Facebook foi fechada antes do fim.';
const BLOCKED_TEXT = 'O navegador bloqueou a janela do Facebook.';
const UNAVAILABLE_TEXT = 'Não foi possível abrir a conexão com o Facebook.';
const META_ERROR_TEXT = 'O Facebook interrompeu o cadastro com um erro';

let configLoad: Promise<EmbeddedSignupConfig> | null = null;
let sdkLoad: Promise<FacebookSdk> | null = null;
/** Filled once config (and, for Meta, the SDK) are in: START can then open the popup synchronously. */
let ready: { config: EmbeddedSignupConfig; sdk: FacebookSdk | null } | null = null;

function loadConfig(): Promise<EmbeddedSignupConfig> {
  configLoad ??= api
    .get(getEmbeddedSignupConfigContract.url, { schema: getEmbeddedSignupConfigContract.response })
    .then(unwrapEnvelope)
    .catch((error: unknown) => {
      configLoad = null;
      throw error;
    });
  return configLoad;
}

function loadSdk(config: EmbeddedSignupConfig): Promise<FacebookSdk> {
  sdkLoad ??= new Promise<FacebookSdk>((resolve, reject) => {
    const init = () => {
      const sdk = window.FB!;
      sdk.init({ appId: config.appId, version: config.graphVersion, autoLogAppEvents: true, xfbml: false });
      resolve(sdk);
    };
    if (window.FB) return init();
    window.fbAsyncInit = init;
    const script = document.createElement('script');
    script.src = config.sdkUrl;
    script.async = true;
    script.defer = true;
    script.crossOrigin = 'anonymous';
    script.onerror = () => {
      sdkLoad = null;
      script.remove();
      reject(new EmbeddedSignupError('unavailable', UNAVAILABLE_TEXT));
    };
    document.head.append(script);
  });
  return sdkLoad;
}

/** Gets the popup ready (config; Facebook's SDK for `meta`), so the click opens it at once. */
async function prepareEmbeddedSignup(): Promise<void> {
  const config = await loadConfig();
  const sdk = config.provider === 'meta' ? await loadSdk(config) : null;
  ready = { config, sdk };
}

interface SignupMessage {
  type: 'WA_EMBEDDED_SIGNUP';
  event: EmbeddedSignupFinish | 'CANCEL' | string;
  data?: {
    phone_number_id?: string;
    waba_id?: string;
    business_id?: string;
    current_step?: string;
    /** Meta's popup stopped on an error the owner saw (with `error_id`, `session_id`). */
    error_message?: string;
  };
}

function isSignupMessage(data: unknown): data is SignupMessage {
  if (typeof data === 'string') return false;
  return (
    typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'WA_EMBEDDED_SIGNUP'
  );
}

/** Meta's SDK posts JSON strings; the simulator posts objects. */
function parsed(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

function isFinish(event: string): event is EmbeddedSignupFinish {
  return (embeddedSignupFinishes as readonly string[]).includes(event);
}

/**
 * Runs one signup: collects the session info message and the code, in either order, and settles
 * once both are in (or the owner cancelled, or the popup went away).
 */
function runSignup(
  config: EmbeddedSignupConfig,
  sdk: FacebookSdk | null,
  input: EmbeddedSignupInput,
  signal: AbortSignal,
) {
  return new Promise<EmbeddedSignupResult>((resolve, reject) => {
    let session: SignupMessage | null = null;
    let code: string | null = null;
    let popup: Window | null = null;
    let watch: ReturnType<typeof setInterval> | undefined;

    const end = () => {
      window.removeEventListener('message', onMessage);
      if (watch) clearInterval(watch);
      signal.removeEventListener('abort', onAbort);
    };
    const fail = (error: EmbeddedSignupError) => {
      end();
      reject(error);
    };
    const settle = () => {
      // An error Meta's popup stopped on is a failure to show with Meta's words, not a cancel.
      const metaError = session?.data?.error_message;
      if (session?.event === 'ERROR' || typeof metaError === 'string') {
        const detail =
          typeof metaError === 'string' && metaError.trim() !== '' ? `: ${metaError.trim()}` : '';
        return fail(new EmbeddedSignupError('unavailable', `${META_ERROR_TEXT}${detail}`));
      }
      if (session?.event === 'CANCEL')
        return fail(new EmbeddedSignupError('cancelled', CANCELLED_TEXT, session.data?.current_step ?? null));
      if (!session || code === null) return;
      const data = session.data ?? {};
      if (!isFinish(session.event) || !data.waba_id)
        return fail(new EmbeddedSignupError('unavailable', UNAVAILABLE_TEXT));
      end();
      resolve({
        code,
        finish: session.event,
        wabaId: data.waba_id,
        phoneNumberId: data.phone_number_id ?? null,
        businessId: data.business_id ?? null,
      });
    };
    const loginAnswered = (authCode: string | null) => {
      if (authCode === null) {
        // No code: closed, or refused. A CANCEL message may have said at which step.
        return fail(
          new EmbeddedSignupError('cancelled', CANCELLED_TEXT, session?.data?.current_step ?? null),
        );
      }
      code = authCode;
      settle();
    };
    function onMessage(event: MessageEvent) {
      if (event.origin !== config.messageOrigin) return;
      const data = parsed(event.data);
      if (isSignupMessage(data)) {
        session = data;
        return settle();
      }
      // The simulator's stand-in for FB.login's callback.
      const login = data as { type?: unknown; authResponse?: { code?: unknown } | null } | null;
      if (config.provider === 'simulator' && login?.type === 'FB_LOGIN_RESULT') {
        const authCode = login.authResponse?.code;
        loginAnswered(typeof authCode === 'string' && authCode !== '' ? authCode : null);
      }
    }
    function onAbort() {
      end();
      popup?.close();
    }
    window.addEventListener('message', onMessage);
    signal.addEventListener('abort', onAbort);

    const coexistence = input.mode === 'coexistence';
    if (config.provider === 'meta') {
      sdk!.login(
        (response) => {
          const authCode = response.authResponse?.code;
          loginAnswered(typeof authCode === 'string' && authCode !== '' ? authCode : null);
        },
        {
          config_id: coexistence ? config.coexistenceConfigId : config.configId,
          response_type: 'code',
          override_default_response_type: true,
          extras: {
            setup: {},
            sessionInfoVersion: '3',
            ...(coexistence ? { featureType: 'whatsapp_business_app_onboarding' } : {}),
          },
        },
      );
      return;
    }
    const url = new URL(config.sdkUrl, window.location.origin);
    url.searchParams.set('mode', input.mode);
    url.searchParams.set('origin', window.location.origin);
    url.searchParams.set('config_id', coexistence ? config.coexistenceConfigId : config.configId);
    popup = window.open(url.toString(), 'whatsapp-embedded-signup', 'popup,width=600,height=720');
    if (!popup) return fail(new EmbeddedSignupError('blocked', BLOCKED_TEXT));
    // A popup closed by hand sends nothing: seen by polling, as FB.login does. The popup posts its
    // messages and then closes, so a tick can find it closed before they are handled: it counts as
    // closed by hand only if the next tick still has no code.
    let seenClosed = false;
    watch = setInterval(() => {
      if (!popup?.closed || code !== null) return;
      if (seenClosed) loginAnswered(null);
      seenClosed = true;
    }, 500);
  });
}

/** The chart's `prepareSignup`: failures show when START tries again. */
export const prepareSignupActor = fromPromise<void, EmbeddedSignupInput>(async () => {
  await prepareEmbeddedSignup().catch(() => {});
});

/** The chart's `embeddedSignup`: opens the popup at once when prepared (the click still counts). */
export const embeddedSignupActor = fromPromise<EmbeddedSignupResult, EmbeddedSignupInput>(
  async ({ input, signal }) => {
    if (!ready) {
      try {
        await prepareEmbeddedSignup();
      } catch (error) {
        if (error instanceof EmbeddedSignupError) throw error;
        throw new EmbeddedSignupError('unavailable', UNAVAILABLE_TEXT);
      }
    }
    const { config, sdk } = ready!;
    return runSignup(config, sdk, input, signal);
  },
);

/** Forgets what was loaded (tests start each app afresh). */
export function resetEmbeddedSignup(): void {
  configLoad = null;
  sdkLoad = null;
  ready = null;
}
