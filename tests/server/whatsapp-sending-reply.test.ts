import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEvent } from '../../contracts/activity';
import type { ConversationMessage } from '../../contracts/conversation';
import type { WebhookProcessor } from '../../server/modules/whatsapp-webhooks/webhook-processor';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber } from '../support/signed-in-api';
import { addCustomer } from '../support/task-fixtures';
import { connectSimNumber, customerWhoWrote, simSent } from '../support/whatsapp-sending';
import { webhookProcessor } from '../support/whatsapp-webhooks';

/**
 * POST /api/customers/:id/messages: the owner's reply from the customer page, through the app's own
 * dispatcher and the local Cloud API it embeds.
 */

let server: TestServer;
let processor: WebhookProcessor;

beforeAll(async () => {
  server = await startTestServer();
  processor = webhookProcessor(server.db);
});
afterAll(async () => {
  await processor?.stop();
  await server?.close();
});

type Reply = { message: ConversationMessage };

async function companyWithCustomer({ wrote }: { wrote: boolean }) {
  const owner = await newSubscriber(server);
  const number = await connectSimNumber(server.db, server.url, owner.companyId);
  const customer = wrote
    ? await customerWhoWrote(server.db, server.url, number.phoneNumberId, owner.companyId)
    : await addCustomer(server.db, owner.companyId);
  return { ...owner, number, customer };
}

describe('the owner’s reply', () => {
  it('inside the window goes out as free text: 201 with the stored message', async () => {
    const { api, account, number, customer } = await companyWithCustomer({ wrote: true });
    const answer = await api.post<Reply>(`/api/customers/${customer.id}/messages`, {
      text: 'Oi, Maria! Seu bolo está pronto.',
    });
    expect(answer.status).toBe(201);
    const sentBy = { userId: account.userId, name: 'Pessoa de Teste' };
    expect(answer.body.data.message).toMatchObject({
      direction: 'outbound',
      origin: 'app',
      type: 'text',
      body: 'Oi, Maria! Seu bolo está pronto.',
      sentBy,
    });
    // "Enviada por …" on the customer's timeline.
    const timeline = await api.get<{ events: ActivityEvent[] }>(`/api/customers/${customer.id}/activity`);
    expect(timeline.body.data.events).toEqual([
      expect.objectContaining({ action: 'message.sent', actor: sentBy, details: { via: 'reply' } }),
    ]);
    const onWhatsapp = await simSent(server.url, number.phoneNumberId, customer.phone!);
    expect(onWhatsapp.map((message) => message.text)).toEqual(['Oi, Maria! Seu bolo está pronto.']);
    const { rows } = await server.db.query<{ purpose: string; outcome: string }>(
      'SELECT purpose, outcome FROM whatsapp_send_attempts WHERE customer_id = $1',
      [customer.id],
    );
    expect(rows).toEqual([{ purpose: 'reply', outcome: 'accepted' }]);
  });

  it('outside the window: free text is a 422, a template goes out', async () => {
    const { api, number, customer } = await companyWithCustomer({ wrote: false });
    const text = await api.post(`/api/customers/${customer.id}/messages`, { text: 'Oi!' });
    expect(text.status).toBe(422);
    expect(text.body).toMatchObject({ success: false, code: 'WHATSAPP_WINDOW_CLOSED' });

    const template = await api.post<Reply>(`/api/customers/${customer.id}/messages`, {
      template: { name: 'lembrete_retorno', language: 'pt_BR' },
      parameters: ['Seu pedido está pronto.'],
    });
    expect(template.status).toBe(201);
    expect(template.body.data.message).toMatchObject({ type: 'template', body: 'Seu pedido está pronto.' });
    const onWhatsapp = await simSent(server.url, number.phoneNumberId, customer.phone!);
    expect(onWhatsapp.map((message) => message.type)).toEqual(['template']);
  });

  it('bad input is a 400; another company’s customer a 404; nothing is sent', async () => {
    const { api, number, customer } = await companyWithCustomer({ wrote: true });
    for (const body of [
      {},
      { text: '   ' },
      { text: 'Oi', extra: 1 },
      { template: { name: 'X-Y' }, parameters: [] },
    ]) {
      const answer = await api.post(`/api/customers/${customer.id}/messages`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    const stranger = await newSubscriber(server);
    const foreign = await stranger.api.post(`/api/customers/${customer.id}/messages`, { text: 'Oi' });
    expect(foreign.status).toBe(404);
    expect(await simSent(server.url, number.phoneNumberId, customer.phone!)).toEqual([]);
  });

  it('without a connection is a 409', async () => {
    const { api, companyId } = await newSubscriber(server);
    const customer = await addCustomer(server.db, companyId);
    const answer = await api.post(`/api/customers/${customer.id}/messages`, { text: 'Oi' });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ success: false, code: 'WHATSAPP_NOT_CONNECTED' });
  });
});
