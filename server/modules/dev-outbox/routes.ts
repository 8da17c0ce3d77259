import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod';
import type { Db } from '../../db/types';
import { zodValidatorCompiler } from '../../http/request-validation';
import { route } from '../../http/route';
import { linksIn, renderOutboxPage } from './page';
import { latestInDevOutbox } from './store';

/** How many messages the page shows; scripts ask for what they need through the JSON. */
const PAGE_SIZE = 50;

const recipient = z.string().trim().min(1).max(320);

/** Dev tooling for tests and scripts, not a product call: its contract stays on the server. */
export const listDevOutboxContract = {
  method: 'GET',
  url: '/dev/outbox/messages',
  query: z.object({
    to: recipient.optional(),
    channel: z.enum(['email', 'sms']).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
  response: z.object({
    messages: z.array(
      z.object({
        id: z.string(),
        channel: z.enum(['email', 'sms']),
        to: z.string(),
        subject: z.string().nullable(),
        text: z.string(),
        html: z.string().nullable(),
        /** The http(s) links in `text`, in order: a test follows the verification link from here. */
        links: z.array(z.string()),
        createdAt: z.string(),
      }),
    ),
  }),
} as const;

export interface DevOutboxOptions {
  db: Db;
}

/**
 * GET /dev/outbox (the page) and GET /dev/outbox/messages (JSON): what the app would have sent by
 * e-mail or SMS. app.ts registers this only when config.devPages is on; otherwise both are 404.
 */
export const devOutboxRoutes: FastifyPluginAsync<DevOutboxOptions> = async (app, { db }) => {
  app.get(
    '/dev/outbox',
    {
      schema: { querystring: z.object({ to: recipient.optional() }) },
      validatorCompiler: zodValidatorCompiler,
    },
    async (request, reply) => {
      const { to } = request.query as { to?: string };
      const entries = await latestInDevOutbox(db, { ...(to && { to }), limit: PAGE_SIZE });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderOutboxPage({ entries, ...(to && { to }) }));
    },
  );

  route(app, listDevOutboxContract, {
    async handler({ query, reply }) {
      reply.header('cache-control', 'no-store');
      const entries = await latestInDevOutbox(db, {
        ...(query.to && { to: query.to }),
        ...(query.channel && { channel: query.channel }),
        limit: query.limit,
      });
      return {
        messages: entries.map((entry) => ({
          id: entry.id,
          channel: entry.channel,
          to: entry.to,
          subject: entry.subject,
          text: entry.text,
          html: entry.html,
          links: linksIn(entry.text),
          createdAt: entry.createdAt.toISOString(),
        })),
      };
    },
  });
};
