import { timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/types';
import { HttpError } from '../../../http/errors';
import type { SimulatorAssets } from './assets';
import type { MessagingContext } from './business-send';
import type { WhatsappSimulatorCredentials } from './credentials';
import { callerWaba } from './graph-caller';
import { GraphRefusal, sendGraphRefusal, unknownObject } from './graph-errors';
import { MEDIA_DOWNLOAD_PATH, mediaObject } from './graph-media';
import { shareAfterSync } from './onboarding-sync';
import { setPageHeaders } from './page-headers';
import { type SignupMode, signupDonePage, signupPage } from './signup-page';
import {
  exchangeCode,
  finishSignup,
  ownedNumber,
  phoneNumberObject,
  type RegisterFault,
  registerFaults,
  registerNumber,
  requestSync,
  setSubscribed,
} from './signup-store';
import { findMedia, findNumber, listNumbers, wabaNumbers } from './store';

export interface SignupRoutesOptions {
  db: Db;
  credentials: () => Promise<WhatsappSimulatorCredentials>;
  /** The messaging half, whose emitter sends what Meta shares after smb_app_data. */
  messaging: MessagingContext;
  assets: SimulatorAssets;
}

const GRAPH = '/dev/whatsapp/graph/:version';
const VERSION = /^v[0-9]{1,3}\.[0-9]{1,2}$/;
const FORM_BODY_LIMIT = 16 * 1024;

const isGraph = (request: FastifyRequest) =>
  request.url.startsWith('/dev/whatsapp/graph/') || request.url.startsWith(`${MEDIA_DOWNLOAD_PATH}/`);

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The origin the popup's messages are for: an http(s) origin, or '' (the page's own). */
function originParam(value: unknown): string {
  try {
    const url = new URL(text(value));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : '';
  } catch {
    return '';
  }
}

const modeParam = (value: unknown): SignupMode => (value === 'coexistence' ? 'coexistence' : 'cloud_api');

/**
 * The local Cloud API's signup half: Meta's Embedded Signup popup (/dev/whatsapp/signup), and the
 * Graph calls that connect a number (code exchange, subscribed_apps, register, smb_app_data, phone
 * numbers), with Meta's JSON and error objects and a Bearer token checked on each.
 */
export const signupRoutes: FastifyPluginAsync<SignupRoutesOptions> = async (
  app,
  { db, credentials, messaging, assets },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.addHook('onRequest', (request, reply, done) => {
    if (!isGraph(request)) {
      setPageHeaders(reply);
    }
    done();
  });

  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const refusal =
      thrown instanceof GraphRefusal
        ? thrown
        : thrown instanceof HttpError || (thrown.statusCode ?? 500) < 500
          ? new GraphRefusal(thrown.statusCode ?? 400, 100, `(#100) ${thrown.message}`, 'OAuthException')
          : null;
    if (!refusal) request.log.error({ err: thrown }, 'whatsapp simulator failed');
    if (isGraph(request)) {
      return sendGraphRefusal(
        reply,
        refusal ?? new GraphRefusal(500, 1, 'An unknown error occurred', 'OAuthException'),
      );
    }
    return reply
      .code(refusal?.status ?? 500)
      .type('text/plain; charset=utf-8')
      .send(refusal?.message ?? 'Erro no simulador. Veja o log do servidor.');
  });

  // The popup page.
  app.get<{ Querystring: Record<string, unknown> }>('/dev/whatsapp/signup', async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(
      signupPage({
        assets,
        mode: modeParam(request.query.mode),
        origin: originParam(request.query.origin),
        numbers: await listNumbers(db, 50),
      }),
    ),
  );

  app.post<{ Body: Record<string, unknown> }>('/dev/whatsapp/signup', async (request, reply) => {
    const form = request.body ?? {};
    const mode = modeParam(form.mode);
    const origin = originParam(form.origin);
    const action = text(form.action);
    const page = (body: string, status = 200) =>
      reply.code(status).type('text/html; charset=utf-8').send(body);

    if (action === 'cancel') {
      return page(
        signupDonePage({
          assets,
          origin,
          canceled: true,
          messages: [
            {
              type: 'WA_EMBEDDED_SIGNUP',
              event: 'CANCEL',
              data: { current_step: 'PHONE_NUMBER_SETUP' },
              version: 3,
            },
            { type: 'FB_LOGIN_RESULT', authResponse: null, status: 'unknown' },
          ],
        }),
      );
    }
    const existing = text(form.existing) || null;
    const businessName = text(form.businessName);
    const phone = text(form.phone).replace(/\D/g, '');
    const fault = (registerFaults as readonly string[]).includes(text(form.fault))
      ? (text(form.fault) as RegisterFault)
      : 'none';
    const error = existing
      ? (await findNumber(db, existing))
        ? null
        : 'Esse número simulado não existe mais. Escolha outro ou crie um novo.'
      : !businessName
        ? 'Informe o nome da empresa.'
        : phone.length < 10 || phone.length > 15
          ? 'Informe o número com DDI e DDD, só dígitos (10 a 15).'
          : null;
    if (error || (action !== 'finish' && action !== 'finish_only_waba')) {
      return page(
        signupPage({
          assets,
          mode,
          origin,
          numbers: await listNumbers(db, 50),
          error: error ?? 'Escolha como concluir.',
          values: { businessName, phone },
        }),
        400,
      );
    }
    const { number, code } = await db.transaction((tx) =>
      finishSignup(tx, { existing, businessName, phone, coexistence: mode === 'coexistence', fault }),
    );
    const onlyWaba = action === 'finish_only_waba';
    const event = onlyWaba
      ? 'FINISH_ONLY_WABA'
      : mode === 'coexistence'
        ? 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING'
        : 'FINISH';
    const data = onlyWaba
      ? { waba_id: number.wabaId, business_id: number.businessId }
      : { phone_number_id: number.phoneNumberId, waba_id: number.wabaId, business_id: number.businessId };
    return page(
      signupDonePage({
        assets,
        origin,
        canceled: false,
        messages: [
          { type: 'WA_EMBEDDED_SIGNUP', event, data, version: 3 },
          { type: 'FB_LOGIN_RESULT', authResponse: { code }, status: 'connected' },
        ],
      }),
    );
  });

  // The Graph API calls of connecting a number.
  app.register(async (graph) => {
    graph.addHook('onRequest', async (request) => {
      const { version } = request.params as { version?: string };
      if (!version || !VERSION.test(version)) {
        throw new GraphRefusal(400, 2500, `Unknown path components: /${version ?? ''}`);
      }
    });

    graph.get<{ Querystring: Record<string, unknown> }>(`${GRAPH}/oauth/access_token`, async (request) => {
      const { appId, appSecret } = await credentials();
      const { client_id: clientId, client_secret: clientSecret, code } = request.query;
      if (text(clientId) !== appId) {
        throw new GraphRefusal(400, 101, 'Error validating application. Invalid application ID.');
      }
      if (!same(text(clientSecret), appSecret))
        throw new GraphRefusal(400, 1, 'Error validating client secret.');
      if (!text(code)) throw new GraphRefusal(400, 100, 'Missing authorization code');
      const token = await exchangeCode(db, text(code));
      return { access_token: token, token_type: 'bearer' };
    });

    const waba = async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const tokenWabaId = await callerWaba(db, request);
      if (tokenWabaId !== request.params.id) throw unknownObject(request.params.id);
      return tokenWabaId;
    };
    const number = async (request: FastifyRequest<{ Params: { id: string } }>) =>
      ownedNumber(db, await callerWaba(db, request), request.params.id);

    graph.post<{ Params: { id: string } }>(`${GRAPH}/:id/subscribed_apps`, async (request) => {
      await setSubscribed(db, await waba(request), true);
      return { success: true };
    });
    graph.delete<{ Params: { id: string } }>(`${GRAPH}/:id/subscribed_apps`, async (request) => {
      await setSubscribed(db, await waba(request), false);
      return { success: true };
    });
    graph.get<{ Params: { id: string } }>(`${GRAPH}/:id/phone_numbers`, async (request) => ({
      data: (await wabaNumbers(db, await waba(request))).map(phoneNumberObject),
      paging: { cursors: { before: 'QVFIUw', after: 'QVFIUw' } },
    }));
    graph.post<{ Params: { id: string }; Body: { pin?: unknown } | null }>(
      `${GRAPH}/:id/register`,
      async (request) => {
        await registerNumber(db, await number(request), text(request.body?.pin));
        return { success: true };
      },
    );
    graph.post<{ Params: { id: string }; Body: { sync_type?: unknown } | null }>(
      `${GRAPH}/:id/smb_app_data`,
      async (request, reply) => {
        const found = await number(request);
        const syncType = await requestSync(db, found, request.body?.sync_type);
        // Queued once the answer is out, as Meta shares the data after the call, never inside it.
        reply.raw.once('close', () => {
          shareAfterSync(messaging, found.phoneNumberId, syncType).catch((err) =>
            request.log.error({ err }, 'whatsapp simulator: shared data not queued'),
          );
        });
        return { success: true };
      },
    );
    // GET /{id}: a phone number, or a media object (its download URL is on this server).
    graph.get<{ Params: { id: string } }>(`${GRAPH}/:id`, async (request) => {
      const tokenWabaId = await callerWaba(db, request);
      const media = await findMedia(db, request.params.id);
      if (media) {
        if (media.wabaId !== tokenWabaId) throw unknownObject(request.params.id);
        return mediaObject(media, `${request.protocol}://${request.host}${MEDIA_DOWNLOAD_PATH}`);
      }
      return phoneNumberObject(await ownedNumber(db, tokenWabaId, request.params.id));
    });
  });

  // The media file behind a media object's URL, with the token of the number's account.
  app.get<{ Params: { id: string } }>(`${MEDIA_DOWNLOAD_PATH}/:id`, async (request, reply) => {
    const tokenWabaId = await callerWaba(db, request);
    const media = await findMedia(db, request.params.id, { withBytes: true });
    if (!media?.bytes || media.wabaId !== tokenWabaId)
      throw new GraphRefusal(404, 100, 'Media not found', 'GraphMethodException');
    return reply.type(media.mimeType).header('cache-control', 'no-store').send(media.bytes);
  });
};
