import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startTestServer, type TestServer } from '../support/server';
import { control, type Json } from '../support/whatsapp-simulator';

/**
 * The play-the-customer page (/dev/whatsapp) embedded in the real server: its controls, its forms
 * (without JavaScript) and its absence with dev pages off.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const page = async (query = '') => {
  const response = await fetch(`${server.url}/dev/whatsapp${query}`);
  return { response, html: await response.text() };
};

async function post(action: string, form: URLSearchParams | FormData) {
  return fetch(`${server.url}/dev/whatsapp/play/${action}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
}

describe('GET /dev/whatsapp', () => {
  it('offers to create a number when there is none, under the dev pages’ policy', async () => {
    const { response, html } = await page();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('WhatsApp simulado');
    expect(html).toContain('Criar número de teste');
    expect(html).toContain(`${server.url}/webhooks/whatsapp`);
  });

  it('shows the conversation controls, the coexistence faults, and what the forms did', async () => {
    const number = await control(server.url, 'numbers', { coexistence: true, verifiedName: 'Doces da Ana' });
    const query = `?number=${number.phoneNumberId}&customer=5511987650001&name=Maria`;
    const { html } = await page(query);
    for (const control of [
      'Doces da Ana',
      'Escrever para a empresa',
      'Enviar duplicada',
      'Enviar em lote (um POST)',
      'Enviar foto',
      'type="file"',
      'Marcar respostas como lidas',
      'Ler fora de ordem',
      'Marcar como sem WhatsApp',
      'Desconectar número (ACCOUNT_OFFBOARDED)',
      'Enviar eco',
      'Sincronizar histórico (fora de ordem)',
      'Sincronizar contatos',
    ]) {
      expect(html, control).toContain(control);
    }

    const fields = (extra: Record<string, string>) =>
      new URLSearchParams({
        number: number.phoneNumberId,
        customer: '5511987650001',
        name: 'Maria',
        ...extra,
      });
    const sent = await post('message', fields({ text: 'Oi, tem bolo de cenoura?' }));
    expect(sent.status).toBe(303);
    const location = sent.headers.get('location')!;
    expect(decodeURIComponent(location), location).toContain('notice=');
    const after = await page(location.slice('/dev/whatsapp'.length));
    expect(after.html).toContain('Oi, tem bolo de cenoura?');
    expect(after.html).toContain('Mensagem enviada.');

    const photo = new FormData();
    for (const [key, value] of fields({ caption: 'Esse aqui' })) photo.set(key, value);
    photo.set(
      'photo',
      new Blob([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 9])], { type: 'image/jpeg' }),
      'bolo.jpg',
    );
    const uploaded = await post('photo', photo);
    expect(uploaded.status).toBe(303);
    expect(uploaded.headers.get('location')).toContain('notice=Foto');
    const { messages } = await control(
      server.url,
      `conversation?phoneNumberId=${number.phoneNumberId}&customer=5511987650001`,
    );
    expect(messages.map((m: Json) => [m.direction, m.type, m.text])).toEqual([
      ['to_business', 'text', 'Oi, tem bolo de cenoura?'],
      ['to_business', 'image', 'Esse aqui'],
    ]);
    const preview = await fetch(`${server.url}/dev/whatsapp/preview/${messages[1].mediaId}`);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await preview.arrayBuffer())).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 9]));

    const echoed = await post('echo', fields({ text: 'Tem sim!' }));
    expect(echoed.headers.get('location')).toContain('notice=Eco');
    const refused = await post('message', fields({ text: '' }));
    expect(refused.headers.get('location')).toContain('error=');

    // Each form queued a webhook for the app (signed, retried until it answers 200).
    const { deliveries } = await control(server.url, 'deliveries?limit=10');
    expect(deliveries.length).toBeGreaterThanOrEqual(3);
  });
});

describe('with dev pages off (production)', () => {
  it('neither the page, its API nor the Graph API exist', async () => {
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: 'memory://',
        APP_URL: 'https://app.fechai.com.br',
      }),
      db: server.db,
      logger: false,
      serveClient: false,
    });
    try {
      for (const [method, url] of [
        ['GET', '/dev/whatsapp'],
        ['GET', '/dev/whatsapp/api/numbers'],
        ['POST', '/dev/whatsapp/api/customer-message'],
        ['POST', '/dev/whatsapp/graph/v23.0/123/messages'],
        ['GET', '/dev/whatsapp/graph/v23.0/123'],
      ] as const) {
        const res = await app.inject({ method, url, ...(method === 'POST' && { payload: {} }) });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
    } finally {
      await app.close();
    }
  });
});
