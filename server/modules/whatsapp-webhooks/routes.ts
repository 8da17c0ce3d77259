import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../http/errors';
import {
  isValidWhatsappSignature,
  WHATSAPP_SIGNATURE_HEADER,
} from '../../integrations/whatsapp/webhook-signature';
import {
  WHATSAPP_UNAVAILABLE_TEXT,
  type WhatsappSettings,
} from '../../integrations/whatsapp/whatsapp-settings';
import type { ModuleRoutesOptions } from '../module-routes';
import { webhookPayloadIntake } from './webhook-payloads';

export const WHATSAPP_WEBHOOK_PATH = '/webhooks/whatsapp';

/** Meta's payloads reach 3 MB; the margin covers what its JSON escaping adds. */
export const WHATSAPP_WEBHOOK_BODY_LIMIT = 3 * 1024 * 1024 + 256 * 1024;

export const WEBHOOK_SIGNATURE_TEXT = 'Assinatura do webhook inválida.';
export const WEBHOOK_VERIFY_TOKEN_TEXT = 'Token de verificação inválido.';

export interface WhatsappWebhookRoutesOptions extends ModuleRoutesOptions {
  /** Meta's app or the local Cloud API (its app secret and verify token); null: neither is on. */
  settings: WhatsappSettings | null;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

const single = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Meta's webhook (../shared/whatsapp-cloud-api.md): GET is the verification handshake; POST is a
 * delivery, signed over its exact bytes, so this plugin (and only it) reads JSON as the raw Buffer.
 * A good delivery is stored (its commit shared with the deliveries arriving beside it) and answered
 * 200 at once; a bad or missing
 * signature is a 401 and leaves no trace.
 */
export const whatsappWebhookRoutes: FastifyPluginAsync<WhatsappWebhookRoutesOptions> = async (
  app,
  { db, settings },
) => {
  // Without Meta's settings nor the local Cloud API there is no secret to check deliveries with.
  const secrets = () => {
    if (!settings) throw new HttpError(503, 'SERVICE_UNAVAILABLE', WHATSAPP_UNAVAILABLE_TEXT);
    return settings.webhookSecrets();
  };
  const intake = webhookPayloadIntake(db);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WHATSAPP_WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.get(WHATSAPP_WEBHOOK_PATH, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const mode = single(query['hub.mode']);
    const token = single(query['hub.verify_token']);
    const challenge = single(query['hub.challenge']);
    const { verifyToken } = await secrets();
    if (
      mode !== 'subscribe' ||
      token === undefined ||
      challenge === undefined ||
      !sameText(token, verifyToken)
    ) {
      throw new HttpError(403, 'FORBIDDEN', WEBHOOK_VERIFY_TOKEN_TEXT);
    }
    return reply.code(200).type('text/plain; charset=utf-8').send(challenge);
  });

  app.post(WHATSAPP_WEBHOOK_PATH, { bodyLimit: WHATSAPP_WEBHOOK_BODY_LIMIT }, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const { appSecret } = await secrets();
    if (!isValidWhatsappSignature(raw, request.headers[WHATSAPP_SIGNATURE_HEADER], appSecret)) {
      request.log.warn({ bytes: raw.length }, 'whatsapp webhook refused: bad or missing signature');
      throw new HttpError(401, 'UNAUTHENTICATED', WEBHOOK_SIGNATURE_TEXT);
    }
    // Text columns cannot hold NUL; JSON never has a raw one, so only a malformed body loses it.
    const body = raw.toString('utf8').replaceAll('\u0000', '\uFFFD');
    const payloadId = await intake.store(body);
    request.log.info({ payloadId, bytes: raw.length }, 'whatsapp webhook stored');
    return reply.code(200).send({ success: true, data: { received: true } });
  });
};
