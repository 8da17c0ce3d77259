import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { ConversationMessage } from '../../contracts/conversation';
import { realtimeEvent, realtimeProtocol } from '../../contracts/realtime';
import { disconnectedWhatsapp, type WhatsappConnectionStatus } from '../../contracts/whatsapp-status';
import { customer } from './support/customer-fixtures';
import { fakeCustomersServer, settleCustomers, withCustomerPagesPreloaded } from './support/customers-api';
import { type FakeRoutes, failed, ok } from './support/fake-api';
import { installScriptedSocket } from './support/realtime-socket';
import { openSignedIn } from './support/signed-in';
import { notConnectedCustomer } from './support/whatsapp-sending-api';

const ana = customer({ id: 'c-ana', name: 'Ana Souza' });

let made = 0;
function message(overrides: Partial<ConversationMessage> = {}): ConversationMessage {
  made++;
  return {
    id: `m-${made}`,
    wamid: `wamid.${made}`,
    direction: 'inbound',
    origin: 'webhook',
    type: 'text',
    body: `Mensagem ${made}`,
    media: null,
    location: null,
    replyTo: null,
    reactions: [],
    status: null,
    error: null,
    sentAt: new Date().toISOString(),
    sentBy: null,
    ...overrides,
  };
}

const at = (daysAgo: number, hour: number, minute = 0) => {
  const date = new Date();
  date.setDate(date.getDate() - daysAgo);
  date.setHours(hour, minute, 0, 0);
  return date.toISOString();
};

function whatsappStatus(status: WhatsappConnectionStatus): FakeRoutes {
  return (request) => {
    if (new URL(request.url).pathname !== '/api/whatsapp-connections/status') return undefined;
    return Promise.resolve(Response.json({ success: true, data: { ...disconnectedWhatsapp, status } }));
  };
}

async function open(
  conversation: ConversationMessage[],
  options: { pageSize?: number; status?: WhatsappConnectionStatus } = {},
) {
  const server = fakeCustomersServer({
    customers: [ana],
    conversations: { 'c-ana': conversation },
    conversationPageSize: options.pageSize,
    // The reply box reads whether the company can send: as the connection's status says.
    sending: {
      whatsapp: ok({ ...notConnectedCustomer, canSend: (options.status ?? 'connected') === 'connected' }),
    },
  });
  const app = openSignedIn('/customers/c-ana', {
    routes: [server.routes, whatsappStatus(options.status ?? 'connected')],
  });
  await settleCustomers(server, () => !screen.queryByText('Carregando mensagens...'));
  await screen.findByRole('heading', { name: 'Conversa no WhatsApp' });
  return { ...app, server };
}

const timeline = () => screen.getByRole('region', { name: 'Conversa no WhatsApp' });
const bubbles = () => [...timeline().querySelectorAll('.chat-message__bubble')].map((b) => b.textContent);

describe('/customers/{id}: the WhatsApp conversation', () => {
  withCustomerPagesPreloaded();

  test('oldest at the top, newest at the bottom, under pt-BR day labels; who sent each one', async () => {
    await open([
      message({
        body: 'Pode ser às 15h?',
        sentAt: at(0, 10, 5),
        direction: 'outbound',
        origin: 'app',
        status: 'read',
      }),
      message({ body: 'Oi! Quero um bolo', sentAt: at(0, 9, 30) }),
      message({ body: 'Obrigada!', sentAt: at(1, 18) }),
      message({ body: 'Olá', sentAt: '2024-03-05T15:00:00.000Z' }),
    ]);
    const days = within(timeline())
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(days).toEqual(['5 de março de 2024', 'Ontem', 'Hoje']);
    expect(bubbles()).toEqual([
      expect.stringMatching(/^Ana Souza: Olá/),
      expect.stringMatching(/^Ana Souza: Obrigada!18:00$/),
      expect.stringMatching(/^Ana Souza: Oi! Quero um bolo09:30$/),
      expect.stringMatching(/^Você: Pode ser às 15h\?10:05 · Lida$/),
    ]);
    expect(within(timeline()).getAllByRole('list').length).toBeGreaterThanOrEqual(3);
  });

  test('media, places, replies, reactions, statuses, echoes and history', async () => {
    const original = message({ body: 'Tem de chocolate?', sentAt: at(0, 8) });
    await open(
      [
        message({
          type: 'document',
          body: null,
          media: {
            url: '/api/conversation-media/m-doc',
            mimeType: 'application/pdf',
            fileName: 'orcamento.pdf',
            voice: false,
          },
          direction: 'outbound',
          origin: 'echo',
          status: 'delivered',
          sentAt: at(0, 9, 6),
        }),
        message({
          body: 'Segue o orçamento',
          direction: 'outbound',
          origin: 'app',
          status: 'failed',
          error: { code: '131047', title: 'Mais de 24 horas desde a última mensagem do cliente.' },
          replyTo: { id: original.id, type: 'text', body: original.body, direction: 'inbound' },
          sentAt: at(0, 9, 5),
        }),
        message({
          type: 'audio',
          body: null,
          media: { url: '/api/conversation-media/m-voz', mimeType: 'audio/ogg', fileName: null, voice: true },
          sentAt: at(0, 9, 4),
        }),
        message({
          type: 'location',
          body: 'Padaria Central',
          location: { latitude: -23.55, longitude: -46.63, name: 'Padaria Central', address: 'Rua A, 10' },
          sentAt: at(0, 9, 3),
        }),
        message({
          type: 'image',
          body: 'Este modelo',
          media: {
            url: '/api/conversation-media/m-foto',
            mimeType: 'image/jpeg',
            fileName: null,
            voice: false,
          },
          reactions: [{ emoji: '❤️', direction: 'outbound' }],
          sentAt: at(0, 9, 2),
        }),
        message({
          type: 'sticker',
          body: null,
          media: {
            url: '/api/conversation-media/m-fig',
            mimeType: 'image/webp',
            fileName: null,
            voice: false,
          },
          sentAt: at(0, 9, 1),
        }),
        original,
        message({ body: 'Mensagem antiga', origin: 'history', sentAt: at(3, 12) }),
      ],
      { pageSize: 50 },
    );
    const photo = within(timeline()).getByRole('img', { name: 'Este modelo' });
    expect(photo.getAttribute('src')).toBe('/api/conversation-media/m-foto');
    expect(within(timeline()).getByRole('img', { name: 'Figurinha' })).toBeDefined();
    expect(within(timeline()).getByRole('listitem', { name: 'Você reagiu com ❤️' })).toBeDefined();
    expect(timeline().querySelector('audio')?.getAttribute('src')).toBe('/api/conversation-media/m-voz');
    expect(within(timeline()).getByText('Mensagem de voz')).toBeDefined();
    const map = within(timeline()).getByRole('link', { name: /Padaria Central/ });
    expect(map.getAttribute('href')).toContain('query=-23.55,-46.63');
    const document = within(timeline()).getByRole('link', { name: /orcamento\.pdf/ });
    expect(document.getAttribute('href')).toBe('/api/conversation-media/m-doc');
    expect(document.hasAttribute('download')).toBe(true);

    const failedBubble = bubbles().find((text) => text?.includes('Segue o orçamento'));
    expect(failedBubble).toMatch(/Ana Souza.*Tem de chocolate\?/);
    expect(failedBubble).toContain('Falhou');
    expect(failedBubble).toContain('Mais de 24 horas desde a última mensagem do cliente.');
    expect(bubbles().find((text) => text?.includes('orcamento.pdf'))).toMatch(
      /enviada pelo celular · 09:06 · Entregue$/,
    );
    expect(bubbles().find((text) => text?.includes('Mensagem antiga'))).toContain('histórico');
  });

  test('"Carregar mensagens anteriores" brings the older page above', async () => {
    const conversation = Array.from({ length: 12 }, (_, i) =>
      message({ body: `Msg ${12 - i}`, sentAt: at(0, 12, 12 - i) }),
    );
    const app = await open(conversation, { pageSize: 10 });
    expect(bubbles()).toHaveLength(10);
    expect(bubbles()[0]).toContain('Msg 3');
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mensagens anteriores' }));
    await settleCustomers(app.server, () => bubbles().length === 12);
    expect(bubbles()[0]).toContain('Msg 1');
    expect(bubbles().at(-1)).toContain('Msg 12');
    expect(screen.queryByRole('button', { name: 'Carregar mensagens anteriores' })).toBeNull();
  });

  test('empty: says so, and offers to connect WhatsApp while it is not connected', async () => {
    await open([], { status: 'disconnected' });
    expect(within(timeline()).getByText(/Nenhuma mensagem ainda/)).toBeDefined();
    const link = await within(timeline()).findByRole('link', { name: 'Conecte o WhatsApp Business' });
    expect(link.getAttribute('href')).toBe('/settings/whatsapp-business-connection');
  });

  test('empty with WhatsApp connected: no link to connect', async () => {
    const app = await open([], { status: 'connected' });
    await settleCustomers(app.server);
    expect(within(timeline()).getByText(/Nenhuma mensagem ainda/)).toBeDefined();
    expect(within(timeline()).queryByRole('link')).toBeNull();
  });

  test('a conversation that does not load says so in the server’s words; the page stays', async () => {
    const server = fakeCustomersServer({ customers: [ana] });
    server.answerConversation(failed(400, 'Cursor inválido.', 'VALIDATION_ERROR'));
    openSignedIn('/customers/c-ana', { routes: [server.routes] });
    await settleCustomers(server, () => screen.queryByText('Cursor inválido.'));
    expect(within(timeline()).getByText('Cursor inválido.')).toBeDefined();
    // The rest of the page stays.
    expect(screen.getByRole('heading', { level: 1, name: 'Ana Souza' })).toBeDefined();
  });

  test('live: a message.received over the socket brings the new message', async () => {
    const Socket = installScriptedSocket();
    const app = await open([message({ body: 'Primeira', sentAt: at(0, 9) })]);
    await waitFor(() => expect(Socket.opened).toHaveLength(1));
    const socket = Socket.opened[0]!;
    expect(socket.url).toMatch(/^ws:\/\/.*\/api\/realtime$/);
    expect(socket.protocols[0]).toBe(realtimeProtocol);
    expect(socket.protocols[1]).toBeTruthy();
    socket.push({ type: 'ready' });

    const before = app.server.conversationRequests.length;
    app.server.conversations['c-ana']!.unshift(message({ body: 'Chegou agora', sentAt: at(0, 9, 1) }));
    socket.push(
      realtimeEvent('message.received', { messageId: 'm-new', customerId: 'c-ana', preview: 'Chegou' }),
    );
    await settleCustomers(app.server, () => screen.queryByText('Chegou agora'));
    expect(bubbles().at(-1)).toContain('Chegou agora');
    expect(app.server.conversationRequests.length).toBe(before + 1);

    // Another customer's message leaves this conversation alone.
    socket.push(realtimeEvent('message.received', { messageId: 'm-x', customerId: 'c-outro', preview: 'x' }));
    await settleCustomers(app.server);
    expect(app.server.conversationRequests.length).toBe(before + 1);
  });
});
