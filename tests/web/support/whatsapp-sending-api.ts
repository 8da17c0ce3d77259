import type { CustomerWhatsapp } from '../../../contracts/whatsapp-sending';
import { type Answer, type FakeRoutes, HeldCalls, ok } from './fake-api';

/** A customer whose company cannot send (no connection), window closed, nothing paused. */
export const notConnectedCustomer: CustomerWhatsapp = {
  windowClosesAt: null,
  followUpsPausedAt: null,
  undeliverable: false,
  canSend: false,
};

export type SendingEndpoint = 'whatsapp' | 'followUps' | 'templates' | 'reply' | 'resume' | 'sendNow';

/**
 * The customer page's WhatsApp sending calls (contracts/whatsapp-sending.ts) and the templates:
 * the customer's window, their follow-ups, the approved templates, the reply and "Enviar agora". The
 * reads answer "not connected, nothing pending" unless told otherwise; the reply, resume and
 * "Enviar agora" wait for the test.
 */
export function fakeWhatsappSendingRoutes(answers: Partial<Record<SendingEndpoint, Answer>> = {}) {
  const endpoints = {
    whatsapp: new HeldCalls(answers.whatsapp ?? ok(notConnectedCustomer)),
    followUps: new HeldCalls(answers.followUps ?? ok({ items: [] })),
    templates: new HeldCalls(answers.templates ?? ok({ templates: [] })),
    reply: new HeldCalls(answers.reply),
    resume: new HeldCalls(answers.resume),
    sendNow: new HeldCalls(answers.sendNow),
  };
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    const method = request.method;
    if (/^\/api\/followup\/[^/]+\/send-now$/.test(pathname) && method === 'POST')
      return endpoints.sendNow.receive(request);
    if (pathname === '/api/whatsapp-connections/templates' && method === 'GET')
      return endpoints.templates.receive(request);
    const customer =
      /^\/api\/customers\/[^/]+(\/whatsapp|\/follow-ups|\/follow-ups\/resume|\/messages)$/.exec(pathname);
    if (!customer) return undefined;
    const part = customer[1];
    if (part === '/whatsapp' && method === 'GET') return endpoints.whatsapp.receive(request);
    if (part === '/follow-ups' && method === 'GET') return endpoints.followUps.receive(request);
    if (part === '/follow-ups/resume' && method === 'POST') return endpoints.resume.receive(request);
    if (part === '/messages' && method === 'POST') return endpoints.reply.receive(request);
    return undefined;
  };
  return { ...endpoints, routes };
}
