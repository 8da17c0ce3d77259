import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { conversationMediaUrl } from '../../../contracts/conversation';
import {
  connectWhatsappContract,
  disconnectWhatsappContract,
  getEmbeddedSignupConfigContract,
  sendDisconnectFeedbackContract,
} from '../../../contracts/whatsapp-connection';
import {
  clearFollowUpTemplateContract,
  getFollowUpTemplateContract,
  listWhatsappTemplatesContract,
  setFollowUpTemplateContract,
} from '../../../contracts/whatsapp-templates';
import { companyOf } from '../../auth/api/caller';
import { HttpError } from '../../http/errors';
import { publicUrls } from '../../http/public-urls';
import { perCompanyRateLimit } from '../../http/rate-limit';
import { route } from '../../http/route';
import { whatsappSimulatorRoutes } from '../../integrations/whatsapp/simulator/routes';
import {
  WHATSAPP_UNAVAILABLE_TEXT,
  type WhatsappSettings,
} from '../../integrations/whatsapp/whatsapp-settings';
import type { EventBus } from '../../realtime/event-bus';
import type { ModuleRoutesOptions } from '../module-routes';
import { connectWhatsapp } from './connect';
import type { ConnectionContext } from './connection-context';
import { tokenSeal } from './connection-context';
import { disconnectWhatsapp, recordDisconnectFeedback } from './disconnect';
import { sendConversationMedia } from './media-proxy';
import {
  approvedTemplates,
  chooseFollowUpTemplate,
  clearFollowUpTemplate,
  followUpTemplate,
} from './templates';

export interface WhatsappConnectionRoutesOptions extends ModuleRoutesOptions {
  bus: EventBus;
  /** Meta's app or the local Cloud API; null when neither is on (every call is then a 503). */
  settings: WhatsappSettings | null;
}

/** Calls to Meta for a company: counted per company, after authentication. */

/**
 * Connecting a WhatsApp Business number (Embedded Signup), disconnecting it and why, its message
 * templates and the follow-up template, and the files of media messages. With no Meta app configured and dev pages on, the local Cloud API is mounted
 * under /dev/whatsapp and everything here talks to it over HTTP, as it would to Meta.
 */
export const whatsappConnectionRoutes: FastifyPluginAsync<WhatsappConnectionRoutesOptions> = async (
  app,
  { db, config, bus, settings },
) => {
  if (settings?.simulator) {
    const { credentials, selfUrl } = settings.simulator;
    // Its webhooks go to this server's own /webhooks/whatsapp, as Meta's would.
    await app.register(whatsappSimulatorRoutes, {
      db,
      credentials,
      webhookUrl: () => `${selfUrl()}/webhooks/whatsapp`,
    });
  }
  const tokens = tokenSeal(db, config);
  const context = (request: FastifyRequest): ConnectionContext => ({
    db,
    bus,
    settings: available(settings),
    tokens,
    log: request.log,
    followUpExpiryHours: config.followUpExpiryHours,
  });

  route(app, getEmbeddedSignupConfigContract, {
    preHandler: app.auth.requireSubscriber,
    async handler({ request }) {
      const whatsapp = available(settings);
      const { appId } = await whatsapp.app();
      return {
        provider: whatsapp.kind,
        appId,
        graphVersion: whatsapp.graphVersion,
        configId: whatsapp.configIds.cloudApi,
        coexistenceConfigId: whatsapp.configIds.coexistence,
        sdkUrl: whatsapp.sdkUrl,
        // The simulator's page is on the app's own origin.
        messageOrigin: whatsapp.messageOrigin ?? new URL(publicUrls(request, config).appUrl).origin,
      };
    },
  });

  route(app, connectWhatsappContract, {
    preHandler: app.auth.requireSubscriber,
    config: { rateLimit: perCompanyRateLimit(10) },
    handler: ({ request, body }) => connectWhatsapp(context(request), companyOf(request).companyId, body),
  });

  route(app, disconnectWhatsappContract, {
    preHandler: app.auth.requireSubscriber,
    config: { rateLimit: perCompanyRateLimit(10) },
    handler: ({ request }) => disconnectWhatsapp(context(request), companyOf(request).companyId),
  });

  route(app, sendDisconnectFeedbackContract, {
    preHandler: app.auth.requireSubscriber,
    config: { rateLimit: perCompanyRateLimit(10) },
    async handler({ request, body }) {
      await recordDisconnectFeedback({ db }, companyOf(request).companyId, body);
      return { received: true as const };
    },
  });

  route(app, listWhatsappTemplatesContract, {
    preHandler: app.auth.requireSubscriber,
    config: { rateLimit: perCompanyRateLimit(30) },
    handler: async ({ request }) => ({
      templates: await approvedTemplates(context(request), companyOf(request).companyId),
    }),
  });

  route(app, getFollowUpTemplateContract, {
    preHandler: app.auth.requireSubscriber,
    handler: async ({ request }) => ({
      followUpTemplate: await followUpTemplate(context(request), companyOf(request).companyId),
    }),
  });

  route(app, setFollowUpTemplateContract, {
    preHandler: app.auth.requireSubscriber,
    config: { rateLimit: perCompanyRateLimit(30) },
    handler: async ({ request, body }) => ({
      followUpTemplate: await chooseFollowUpTemplate(
        context(request),
        companyOf(request).companyId,
        body.template,
      ),
    }),
  });

  route(app, clearFollowUpTemplateContract, {
    preHandler: app.auth.requireSubscriber,
    handler: async ({ request }) => {
      await clearFollowUpTemplate(context(request), companyOf(request).companyId);
      return { followUpTemplate: null };
    },
  });

  app.get<{ Params: { messageId: string } }>(
    conversationMediaUrl,
    { preValidation: app.auth.requireSubscriberByCookie, config: { rateLimit: perCompanyRateLimit(120) } },
    (request, reply) =>
      sendConversationMedia(context(request), companyOf(request).companyId, request.params.messageId, reply),
  );
};

function available(settings: WhatsappSettings | null): WhatsappSettings {
  if (!settings) throw new HttpError(503, 'SERVICE_UNAVAILABLE', WHATSAPP_UNAVAILABLE_TEXT);
  return settings;
}
