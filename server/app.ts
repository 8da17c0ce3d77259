import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyError, type FastifyInstance, type RouteOptions } from 'fastify';
import { callerGuards } from './auth/api/caller';
import { createCallerCache } from './auth/api/caller-cache';
import { realtimeAuthenticate, selectRealtimeProtocol } from './auth/api/realtime-caller';
import { hostedLoginRoutes } from './auth/hosted/routes';
import { createAccessTokens } from './auth/tokens/access-tokens';
import { loadSigningKey } from './auth/tokens/signing-key';
import type { Config } from './config';
import { joiningCommands } from './db/command-transaction';
import { createCompanyReadCache } from './db/company-read-cache';
import type { Db } from './db/types';
import { registerClient } from './http/client';
import { closeConnectionsWhenDrained } from './http/drain-connections';
import { BODY_LIMIT_BYTES, sendFailure, sendNotFound } from './http/error-handler';
import { loggerOptions } from './http/logger';
import { refuseNulCharacters } from './http/nul-characters';
import { answerClientError, requireHostHeader } from './http/protocol-errors';
import { rateLimitOptions } from './http/rate-limit';
import { requestId } from './http/request-id';
import { RequestLog } from './http/request-log';
import { helmetOptionsFor, registerResponseHeaders } from './http/security-headers';
import { createLlm } from './integrations/llm/create-llm';
import { resolveWhatsappSettings } from './integrations/whatsapp/whatsapp-settings';
import { activityRoutes } from './modules/activity/routes';
import { advisorRoutes } from './modules/advisor/routes';
import { aiTrainingRoutes } from './modules/ai-training/routes';
import { devWatcherFlagRoutes } from './modules/ai-watcher/dev-routes';
import { aiSuggestionRoutes } from './modules/ai-watcher/routes';
import { billingRoutes } from './modules/billing/routes';
import { clientErrorRoutes } from './modules/client-errors/routes';
import { companyRoutes } from './modules/company/routes';
import { conversationRoutes } from './modules/conversation/routes';
import { customerDataRoutes } from './modules/customer-data/routes';
import { customerRoutes } from './modules/customers/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { devOutboxRoutes } from './modules/dev-outbox/routes';
import { healthRoutes } from './modules/health/routes';
import { onboardingRoutes } from './modules/onboarding/routes';
import { referralRoutes } from './modules/referral/routes';
import { devRemoteConfigRoutes, remoteConfigRoutes } from './modules/remote-config/routes';
import { salesRoutes } from './modules/sales/routes';
import { serviceRoutes } from './modules/services/routes';
import { sessionRoutes } from './modules/session/routes';
import { settingsRoutes } from './modules/settings/routes';
import { taskRoutes } from './modules/tasks/routes';
import { teamRoutes } from './modules/team/routes';
import { teamMemberRoutes } from './modules/team-members/routes';
import { whatsappBlocklistRoutes } from './modules/whatsapp-blocklist/routes';
import { tokenSeal } from './modules/whatsapp-connections/connection-context';
import { whatsappConnectionRoutes } from './modules/whatsapp-connections/routes';
import { createDispatcher } from './modules/whatsapp-sending/dispatcher';
import { followUpRoutes } from './modules/whatsapp-sending/follow-up-routes';
import { whatsappSendingRoutes } from './modules/whatsapp-sending/routes';
import { whatsappStatusRoutes } from './modules/whatsapp-status/routes';
import { whatsappWebhookRoutes } from './modules/whatsapp-webhooks/routes';
import { closeRealtimeSockets } from './realtime/connections';
import { createEventBus, type EventBus } from './realtime/event-bus';
import { type RealtimeAuthenticate, realtimeRoutes } from './realtime/routes';

export interface BuildAppOptions {
  config: Config;
  /** Opened (and later closed) by the caller; the app only uses it. */
  db: Db;
  /** `false` silences logs (tests); default: pino at config.logLevel. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read what would be logged). */
  logStream?: { write(line: string): void };
  /** Company events across instances; created here (and closed with the app) when not given. */
  bus?: EventBus;
  /** Identifies a realtime socket's caller; by default the access token offered beside our subprotocol. */
  authenticate?: RealtimeAuthenticate;
  /** Serve the built client from config.clientDist; off under `--dev`, where Vite serves it. */
  serveClient?: boolean;
  /** Last chance to add routes or hooks before the app is sealed (tests add failing routes here). */
  configure?: (app: FastifyInstance) => void | Promise<void>;
  /** Told of every route as it is added (tests walk what the server really serves). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The whole HTTP server, ready to listen but not listening. Every /api answer is the envelope;
 * `app.close()` releases what this opened (sockets, timers) but not the database.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(config), ...(options.logStream && { stream: options.logStream }) },
    genReqId: requestId,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // Requests that arrive while draining are served (the envelope), not cut short with a bare 503.
    return503OnClosing: false,
    logController: new RequestLog(),
    frameworkErrors: (error, request, reply) => sendFailure(error, request, reply),
    // Requests the HTTP parser refuses, and a missing Host, are answered in the envelope too.
    clientErrorHandler: answerClientError,
    http: { requireHostHeader: false },
  });

  // The API speaks JSON only: anything else is a 415 (a module that needs another type adds a parser).
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((error: FastifyError, request, reply) => sendFailure(error, request, reply));
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Before any route is added, so every one (pages and simulators included) inherits them.
  app.addHook('onRequest', requireHostHeader);
  app.addHook('preHandler', refuseNulCharacters);

  closeConnectionsWhenDrained(app);
  registerResponseHeaders(
    app,
    helmetOptionsFor({
      facebookSdkAllowed: config.whatsapp.meta !== null,
      analytics: config.analytics,
      remoteConfigFromFirebase: config.remoteConfigFromFirebase,
      branch: config.branch,
    }),
  );

  try {
    await assemble(app, options);
  } catch (err) {
    // Release what was opened before the failure (the event bus's LISTEN, sockets).
    await app.close().catch(() => {});
    throw err;
  }
  return app;
}

/** Plugins, product routes, realtime and the client, in the order they depend on each other. */
async function assemble(app: FastifyInstance, options: BuildAppOptions): Promise<void> {
  const { config, serveClient = true } = options;
  // Every module's queries join the request's command transaction when its route opens one.
  const db = joiningCommands(options.db);
  await app.register(rateLimit, rateLimitOptions(db, app.log));
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024, handleProtocols: selectRealtimeProtocol },
    preClose: closeRealtimeSockets,
  });
  app.decorateRequest('caller', null);

  const tokens = createAccessTokens({
    // Loaded on first use: the app starts (and /api/health reports) even while the database is down.
    key: () => loadSigningKey(db, config.authSecret),
    issuer: config.authUrl,
    ttlSeconds: config.accessTokenTtlSeconds,
  });
  // Product modules put `app.auth.requireCompany` on every route (scoped to the caller's company).
  // Who calls is kept per sign-in for seconds, dropped at once on any change (caller-cache.ts).
  const callers = await createCallerCache(options.db, db);
  app.addHook('onClose', () => callers.close());
  app.decorate('auth', callerGuards(tokens, callers));
  // The dashboard, the board and the customer and task lists per company for seconds, dropped at
  // once on any change to them.
  const reads = await createCompanyReadCache(options.db, config.readCacheSeconds * 1000);
  app.addHook('onClose', () => reads.close());

  // Company events across instances: product modules publish (inside their transactions), the
  // realtime socket below delivers.
  const bus = options.bus ?? (await createEventBus(db, { logger: app.log }));
  if (!options.bus) app.addHook('onClose', () => bus.close());

  // Product routes, one plugin per module (server/modules/<area>/routes.ts).
  await app.register(healthRoutes, { db });
  await app.register(clientErrorRoutes, { db });
  if (config.devPages) await app.register(devOutboxRoutes, { db });
  // Remote configuration without Firebase (issue 16), and in dev the page that edits it.
  await app.register(remoteConfigRoutes, { db });
  if (config.devPages) await app.register(devRemoteConfigRoutes, { db });
  await app.register(sessionRoutes, { db, tokens });
  // Paywall, checkout, Stripe's webhook, the subscription in settings (and the Stripe simulator in dev).
  await app.register(billingRoutes, { db, config });
  await app.register(onboardingRoutes, { db, config });
  await app.register(settingsRoutes, { db, config });
  // Indique e Ganhe: the invite page's link, counters and rewards.
  await app.register(referralRoutes, { db, config });
  // The sales workspace: every route behind app.auth.requireSubscriber (a current subscription).
  await app.register(customerRoutes, { db, config, reads });
  await app.register(taskRoutes, { db, config, reads });
  await app.register(followUpRoutes, { db, config });
  await app.register(salesRoutes, { db, config, reads });
  await app.register(serviceRoutes, { db, config });
  // What the AI must know about the business, as versions (AI training).
  await app.register(aiTrainingRoutes, { db, config });
  await app.register(companyRoutes, { db, config });
  await app.register(dashboardRoutes, { db, config, reads });
  // The team: the owner's screen, invitations (preview and accept), the person's companies.
  await app.register(teamRoutes, { db, config });
  // The company's members (assignee pickers) and who did what on a customer's timeline.
  await app.register(teamMemberRoutes, { db, config });
  await app.register(activityRoutes, { db, config });
  await app.register(whatsappStatusRoutes, { db, config });
  // Meta's app, or the local Cloud API this server embeds when none is configured (dev pages).
  const whatsapp = resolveWhatsappSettings(config, db, app.server);
  // Connecting WhatsApp Business, media files (and the local Cloud API under /dev/whatsapp in dev).
  await app.register(whatsappConnectionRoutes, { db, config, bus, settings: whatsapp });
  await app.register(conversationRoutes, { db, config });
  // A customer's data (LGPD): export with the conversation's media files, and erase.
  await app.register(customerDataRoutes, { db, config, settings: whatsapp });
  // The owner's replies from the customer page, through the dispatcher follow-ups use.
  await app.register(whatsappSendingRoutes, {
    db,
    config,
    dispatcher: whatsapp && createDispatcher({ db, graph: whatsapp.graph, tokens: tokenSeal(db, config) }),
  });
  // Meta's webhook (/webhooks/whatsapp): its own plugin, as it reads bodies as raw bytes.
  await app.register(whatsappWebhookRoutes, {
    db,
    config,
    settings: whatsapp,
  });
  await app.register(whatsappBlocklistRoutes, { db, config });
  // The AI advisor's chat, the training's preview and "Sugerir mensagem" (offline when llm is null).
  const llm = createLlm(config, db);
  await app.register(advisorRoutes, { db, config, llm });
  // The conversation watcher's suggestions (issue 18).
  await app.register(aiSuggestionRoutes, { db, config });
  if (config.devPages) await app.register(devWatcherFlagRoutes, { db });
  // The hosted login's pages (/auth/*): sign-in, sign-up, password reset, sign-out.
  await app.register(hostedLoginRoutes, { db, config, tokens });

  // GET /api/realtime (WebSocket), on the websocket support registered above.
  await app.register(realtimeRoutes, {
    bus,
    authenticate: options.authenticate ?? realtimeAuthenticate(db, tokens),
  });

  const spaFallback = await registerClient(app, { dist: serveClient ? config.clientDist : null });
  app.setNotFoundHandler((request, reply) => {
    if (!spaFallback(request, reply)) sendNotFound(request, reply);
  });

  await options.configure?.(app);
  await app.ready();
}
