import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FailureEnvelope } from '../../contracts/envelope';
import {
  INVALID_INVITE_CONFIG_TEXT,
  INVALID_JSON_TEXT,
  INVALID_LINK_TEXT,
  type RemoteConfigText,
} from '../../contracts/remote-config';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createTestAccount } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { signedInApi } from '../support/signed-in-api';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
beforeEach(async () => {
  await server.db.query('DELETE FROM remote_config_parameters');
});

const CHARGE_URL = 'https://nubank.com.br/empresas/cobrancas/?origem=fechai';
const WHY_URL = 'https://wa.me/5511900000009?text=Por%20que%20cobrar%3F';

const put = (body: unknown) =>
  fetch(`${server.url}/dev/remote-config`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const postForm = (fields: Record<string, string>) =>
  fetch(`${server.url}/dev/remote-config`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

async function parametersAs(accessToken: string): Promise<RemoteConfigText> {
  const answer = await signedInApi(server.url, { accessToken }).get<{ parameters: RemoteConfigText }>(
    '/api/remote-config',
  );
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  return answer.body.data.parameters;
}

describe('GET /api/remote-config', () => {
  it('answers nothing set at first, so the app keeps its defaults', async () => {
    const account = await createTestAccount(server.db);
    expect(await parametersAs(account.accessToken)).toEqual({});
  });

  it('answers what the dev route set, the same to users of different companies and to one without a company', async () => {
    expect((await put({ key: 'charge_with_nu_uri_web', value: CHARGE_URL })).status).toBe(200);
    expect((await put({ key: 'mgm_page_config', value: '{"badge":"Ganhe mais"}' })).status).toBe(200);
    const one = await createTestAccount(server.db);
    const other = await createTestAccount(server.db);
    const noCompany = await createTestAccount(server.db, { company: false, signupComplete: false });
    const expected = { charge_with_nu_uri_web: CHARGE_URL, mgm_page_config: '{"badge":"Ganhe mais"}' };
    expect(await parametersAs(one.accessToken)).toEqual(expected);
    expect(await parametersAs(other.accessToken)).toEqual(expected);
    expect(await parametersAs(noCompany.accessToken)).toEqual(expected);
  });

  it('is 401 in the envelope without a signed-in user', async () => {
    const res = await fetch(`${server.url}/api/remote-config`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });
});

describe('PUT /dev/remote-config', () => {
  it('sets, replaces and removes (null) a parameter, answering every parameter set', async () => {
    let res = await put({ key: 'why_charge_with_nu_uri', value: WHY_URL });
    expect(await res.json()).toEqual({
      success: true,
      data: { parameters: { why_charge_with_nu_uri: WHY_URL } },
    });
    res = await put({ key: 'why_charge_with_nu_uri', value: 'whatsapp://send?phone=5511900000009' });
    expect(await res.json()).toMatchObject({
      data: { parameters: { why_charge_with_nu_uri: 'whatsapp://send?phone=5511900000009' } },
    });
    res = await put({ key: 'mgm_config', value: '{"campaign":"member_get_member"}' });
    res = await put({ key: 'why_charge_with_nu_uri', value: null });
    expect(await res.json()).toEqual({
      success: true,
      data: { parameters: { mgm_config: '{"campaign":"member_get_member"}' } },
    });
  });

  it.each([
    ['mgm_page', 'não é json', INVALID_JSON_TEXT],
    ['mgm_config', '[1, 2]', INVALID_JSON_TEXT],
    ['mgm_page', 'null', INVALID_JSON_TEXT],
    ['mgm_page_config', '{"badge": 7}', INVALID_INVITE_CONFIG_TEXT],
    ['mgm_page_config', '{"current_week_enabled": "sim"}', INVALID_INVITE_CONFIG_TEXT],
    ['charge_with_nu_uri_web', 'http://nubank.com.br/', INVALID_LINK_TEXT],
    ['charge_with_nu_uri_web', 'javascript:alert(1)', INVALID_LINK_TEXT],
    ['why_charge_with_nu_uri', 'wa.me/5511900000009', INVALID_LINK_TEXT],
  ])('refuses %s = %j with 400 and the pt-BR reason, keeping what was set', async (key, value, text) => {
    await put({ key, value: key.startsWith('mgm') ? '{}' : CHARGE_URL });
    const res = await put({ key, value });
    expect(res.status).toBe(400);
    const body = (await res.json()) as FailureEnvelope;
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(body.issues).toEqual([{ path: 'value', message: text }]);
    const account = await createTestAccount(server.db);
    expect(await parametersAs(account.accessToken)).toEqual({
      [key]: key.startsWith('mgm') ? '{}' : CHARGE_URL,
    });
  });

  it('refuses an unknown parameter, a missing value and unknown fields with 400', async () => {
    for (const body of [
      { key: 'outro', value: '{}' },
      { key: 'mgm_page' },
      { key: 'mgm_page', value: '{}', extra: 1 },
    ]) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('the dev page /dev/remote-config', () => {
  it('shows every parameter in a form, escaped, without scripts', async () => {
    await put({ key: 'mgm_page', value: '{"x":"</textarea><script>alert(1)</script>"}' });
    const res = await fetch(`${server.url}/dev/remote-config`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('Configuração remota (desenvolvimento)');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;/textarea&gt;&lt;script&gt;');
    for (const key of [
      'mgm_page',
      'mgm_page_config',
      'mgm_config',
      'charge_with_nu_uri_web',
      'why_charge_with_nu_uri',
    ]) {
      expect(html).toContain(`<textarea id="value-${key}" name="value"`);
    }
  });

  it('saves a form and goes back to the page (303), which says so', async () => {
    const res = await postForm({ key: 'charge_with_nu_uri_web', value: CHARGE_URL, action: 'save' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dev/remote-config?saved=charge_with_nu_uri_web');
    const page = await (await fetch(`${server.url}/dev/remote-config?saved=charge_with_nu_uri_web`)).text();
    expect(page).toContain('Salvo.');
    expect(page).toContain(CHARGE_URL);
  });

  it('refuses a bad value with 400, the reason by its field and the value kept for fixing', async () => {
    const res = await postForm({ key: 'charge_with_nu_uri_web', value: 'http://x.com.br', action: 'save' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`role="alert">${INVALID_LINK_TEXT}`);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('http://x.com.br</textarea>');
    const account = await createTestAccount(server.db);
    expect(await parametersAs(account.accessToken)).toEqual({});
  });

  it('"Voltar ao padrão" removes the parameter', async () => {
    await put({ key: 'mgm_page', value: '{}' });
    const res = await postForm({ key: 'mgm_page', value: '{}', action: 'reset' });
    expect(res.status).toBe(303);
    const account = await createTestAccount(server.db);
    expect(await parametersAs(account.accessToken)).toEqual({});
  });

  it('the API itself still refuses a form body', async () => {
    const res = await fetch(`${server.url}/api/remote-config`, {
      method: 'GET',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(401);
    const account = await createTestAccount(server.db);
    const post = await fetch(`${server.url}/api/client-errors`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Bearer ${account.accessToken}`,
      },
      body: 'message=x',
    });
    expect(post.status).toBe(415);
  });
});

describe('with dev pages off (production)', () => {
  it('the page and the edit routes do not exist (404); the read route still does', async () => {
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
      const calls = [
        { method: 'GET', url: '/dev/remote-config' },
        { method: 'POST', url: '/dev/remote-config', payload: { key: 'mgm_page', value: '{}' } },
        { method: 'PUT', url: '/dev/remote-config', payload: { key: 'mgm_page', value: '{}' } },
      ] as const;
      for (const call of calls) {
        const res = await app.inject(call);
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      }
      expect((await app.inject({ method: 'GET', url: '/api/remote-config' })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
