import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../../contracts/realtime';
import type { EmbeddedSignupConfig } from '../../contracts/whatsapp-connection';
import type { WhatsappConnectionState } from '../../contracts/whatsapp-status';
import { loadConfig } from '../../server/config';
import { loadTokenKey, openToken } from '../../server/integrations/whatsapp/token-cipher';
import {
  markConnectionNeedsReconnect,
  markConnectionOffboarded,
  updateHistoryProgress,
} from '../../server/modules/whatsapp-connections/connection-changes';
import { createEventBus, type EventBus } from '../../server/realtime/event-bus';
import { createTestAccount } from '../support/auth';
import { waitFor } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { signedInApi } from '../support/signed-in-api';
import { completeSignup, connectBody } from '../support/whatsapp-signup';

let server: TestServer;
let bus: EventBus;

beforeAll(async () => {
  server = await startTestServer();
  bus = await createEventBus(server.db);
});
afterAll(async () => {
  await bus?.close();
  await server?.close();
});

/** The company's realtime events from now on, as another instance would receive them. */
function eventsOf(companyId: string | null) {
  const events: RealtimeEvent[] = [];
  bus.subscribe(companyId!, (event) => events.push(event));
  return events;
}
const statuses = (events: RealtimeEvent[]) =>
  events.flatMap((event) => (event.type === 'whatsapp.connection.changed' ? [event.payload.status] : []));

const CONNECTIONS = '/api/whatsapp-connections';
const STATUS = '/api/whatsapp-connections/status';

async function subscriber() {
  const account = await createTestAccount(server.db, { subscription: 'trialing' });
  return { account, api: signedInApi(server.url, account) };
}

async function simNumber(phoneNumberId: string) {
  const { rows } = await server.db.query<{
    subscribed_at: string | null;
    registered_at: string | null;
    register_pin: string | null;
    contacts_sync_at: string | null;
    history_sync_at: string | null;
  }>(
    `SELECT subscribed_at, registered_at, register_pin, contacts_sync_at, history_sync_at
       FROM dev_whatsapp_numbers WHERE phone_number_id = $1`,
    [phoneNumberId],
  );
  return rows[0]!;
}

describe('GET /api/whatsapp-connections/signup-config', () => {
  it('points the client at the simulator popup on the app origin with the simulator app id', async () => {
    const { api } = await subscriber();
    const answer = await api.get<EmbeddedSignupConfig>(`${CONNECTIONS}/signup-config`);
    expect(answer.status).toBe(200);
    const { rows } = await server.db.query<{ value: string }>(
      "SELECT value FROM server_secrets WHERE name = 'dev_whatsapp_app_id'",
    );
    expect(answer.body.data).toEqual({
      provider: 'simulator',
      appId: rows[0]!.value,
      graphVersion: 'v23.0',
      configId: expect.stringMatching(/^[0-9]+$/),
      coexistenceConfigId: expect.stringMatching(/^[0-9]+$/),
      sdkUrl: '/dev/whatsapp/signup',
      messageOrigin: server.url,
    });
  });
});

describe('connecting a Cloud API number', () => {
  it('exchanges the code, subscribes, registers, reads the number and stores it connected', async () => {
    const { account, api } = await subscriber();
    const signup = await completeSignup(server.url, { businessName: 'Doces da Ana', phone: '5511988880001' });
    expect(signup.event).toBe('FINISH');
    const answer = await api.post<WhatsappConnectionState>(CONNECTIONS, connectBody(signup));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      status: 'connected',
      mode: 'cloud_api',
      phoneNumber: '5511988880001',
      displayName: 'Doces da Ana',
      connectedAt: expect.any(String),
      problem: null,
      historyProgress: null,
    });
    expect((await api.get(STATUS)).body.data).toEqual(answer.body.data);

    const number = await simNumber(signup.data.phone_number_id!);
    expect(number.subscribed_at).not.toBeNull();
    expect(number.registered_at).not.toBeNull();
    expect(number.register_pin).toMatch(/^[0-9]{6}$/);

    // The token and PIN are kept sealed: never in plain text, and they open with the key.
    const { rows } = await server.db.query<{
      access_token_encrypted: string;
      register_pin_encrypted: string;
    }>(
      `SELECT access_token_encrypted, register_pin_encrypted FROM whatsapp_connections
        WHERE company_id = $1 AND status = 'connected'`,
      [account.companyId],
    );
    const { rows: tokens } = await server.db.query<{ token: string }>(
      'SELECT token FROM dev_whatsapp_tokens WHERE waba_id = $1',
      [signup.data.waba_id],
    );
    const plain = tokens[0]!.token;
    const stored = rows[0]!;
    const everything = JSON.stringify(
      (await server.db.query('SELECT * FROM whatsapp_connections WHERE company_id = $1', [account.companyId]))
        .rows,
    );
    expect(everything).not.toContain(plain);
    expect(stored.register_pin_encrypted).not.toContain(number.register_pin!);
    const key = await loadTokenKey(server.db, undefined);
    expect(openToken(key, stored.access_token_encrypted, `whatsapp:${account.companyId}`)).toBe(plain);
    expect(openToken(key, stored.register_pin_encrypted, `whatsapp:${account.companyId}`)).toBe(
      number.register_pin,
    );
  });

  it('finds the number itself when only the account came back (FINISH_ONLY_WABA)', async () => {
    const { api } = await subscriber();
    const signup = await completeSignup(server.url, {
      action: 'finish_only_waba',
      businessName: 'Oficina do Beto',
      phone: '5521977770002',
    });
    expect(signup.event).toBe('FINISH_ONLY_WABA');
    expect(signup.data.phone_number_id).toBeUndefined();
    const answer = await api.post<WhatsappConnectionState>(CONNECTIONS, connectBody(signup));
    expect(answer.body.data).toMatchObject({
      status: 'connected',
      phoneNumber: '5521977770002',
      displayName: 'Oficina do Beto',
    });
  });

  it('coexistence: no register, both syncs asked for, history progress starts at 0', async () => {
    const { api } = await subscriber();
    const signup = await completeSignup(server.url, { mode: 'coexistence', phone: '5531966660003' });
    expect(signup.event).toBe('FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING');
    const answer = await api.post<WhatsappConnectionState>(CONNECTIONS, connectBody(signup, 'coexistence'));
    expect(answer.body.data).toMatchObject({ status: 'connected', mode: 'coexistence', historyProgress: 0 });
    const number = await simNumber(signup.data.phone_number_id!);
    expect(number.registered_at).toBeNull();
    expect(number.contacts_sync_at).not.toBeNull();
    expect(number.history_sync_at).not.toBeNull();
    expect(number.subscribed_at).not.toBeNull();
  });

  it('a code older than 30 s, or one already used, ends in error with what to do', async () => {
    const expired = await subscriber();
    const signup = await completeSignup(server.url, { phone: '5511955550004' });
    await server.db.query(
      "UPDATE dev_whatsapp_codes SET created_at = now() - interval '31 seconds' WHERE code = $1",
      [signup.code],
    );
    const answer = await expired.api.post<WhatsappConnectionState>(CONNECTIONS, connectBody(signup));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      status: 'error',
      phoneNumber: null,
      problem: { code: 'CODE_EXPIRED', detail: expect.stringContaining('30 segundos') },
    });
    expect((await simNumber(signup.data.phone_number_id!)).subscribed_at).toBeNull();

    // The company may try again with a fresh code; a code used once does not work twice.
    const again = await completeSignup(server.url, { existing: signup.data.phone_number_id! });
    expect(
      (await expired.api.post<WhatsappConnectionState>(CONNECTIONS, connectBody(again))).body.data.status,
    ).toBe('connected');
    const other = await subscriber();
    const reused = await other.api.post<WhatsappConnectionState>(CONNECTIONS, {
      ...connectBody(again),
      phoneNumberId: null,
      finish: 'FINISH_ONLY_WABA',
    });
    expect(reused.body.data).toMatchObject({ status: 'error', problem: { code: 'CODE_EXPIRED' } });
    // The history keeps the failed attempt; the live connection is the working one.
    const { rows } = await server.db.query<{ status: string }>(
      'SELECT status FROM whatsapp_connections WHERE company_id = $1 ORDER BY created_at',
      [expired.account.companyId],
    );
    expect(rows.map((row) => row.status)).toEqual(['disconnected', 'connected']);
  });

  it('register refusals leave the number not ready with why: PIN mismatch, too many attempts, in review', async () => {
    const cases = [
      { fault: 'pin_mismatch', code: '133005', says: 'confirmação em duas etapas' },
      { fault: 'too_many_attempts', code: '133016', says: '72 horas' },
      { fault: 'pending_review', code: '133010', says: 'em análise' },
    ] as const;
    for (const [index, { fault, code, says }] of cases.entries()) {
      const { api } = await subscriber();
      const signup = await completeSignup(server.url, { fault, phone: `551194444000${index}` });
      const answer = await api.post<WhatsappConnectionState>(CONNECTIONS, connectBody(signup));
      expect(answer.body.data).toMatchObject({
        status: 'not_ready',
        phoneNumber: `551194444000${index}`,
        problem: { code, detail: expect.stringContaining(says) },
      });
      expect((await api.get(STATUS)).body.data).toMatchObject({ status: 'not_ready', problem: { code } });
    }
  });

  it('409 when the company is already connected, or the number belongs to another company', async () => {
    const first = await subscriber();
    const signup = await completeSignup(server.url, { phone: '5511933330005' });
    expect((await first.api.post<WhatsappConnectionState>(CONNECTIONS, connectBody(signup))).status).toBe(
      200,
    );

    const second = await completeSignup(server.url, { phone: '5511933330006' });
    expect(await first.api.post(CONNECTIONS, connectBody(second))).toMatchObject({
      status: 409,
      body: { success: false, code: 'WHATSAPP_ALREADY_CONNECTED', error: expect.stringContaining('já tem') },
    });

    const other = await subscriber();
    const same = await completeSignup(server.url, { existing: signup.data.phone_number_id! });
    expect(await other.api.post(CONNECTIONS, connectBody(same))).toMatchObject({
      status: 409,
      body: {
        success: false,
        code: 'WHATSAPP_NUMBER_IN_USE',
        error: expect.stringContaining('outra empresa'),
      },
    });
    expect((await other.api.get(STATUS)).body.data).toMatchObject({ status: 'disconnected' });
  });

  it('bad input is a 400 in the envelope, and nothing is called or stored', async () => {
    const { account, api } = await subscriber();
    const signup = await completeSignup(server.url, { phone: '5511922220007' });
    const good = connectBody(signup);
    for (const body of [
      { ...good, code: '' },
      { ...good, wabaId: 'abc' },
      { ...good, mode: 'other' },
      { ...good, finish: 'CANCEL' },
      { ...good, phoneNumberId: null },
      { ...good, finish: 'FINISH_ONLY_WABA' },
      { ...good, finish: 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING' },
      { ...good, extra: 1 },
      {},
    ]) {
      const answer = await api.post(CONNECTIONS, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        issues: expect.any(Array),
      });
    }
    const { rows } = await server.db.query('SELECT 1 FROM whatsapp_connections WHERE company_id = $1', [
      account.companyId,
    ]);
    expect(rows).toHaveLength(0);
    // The code was never spent: it still connects.
    expect((await api.post<WhatsappConnectionState>(CONNECTIONS, good)).body.data.status).toBe('connected');
  });

  it('401, 403 and 402 like every workspace route', async () => {
    expect((await fetch(`${server.url}${CONNECTIONS}`, { method: 'DELETE' })).status).toBe(401);
    const lapsed = await createTestAccount(server.db, { subscription: 'expired' });
    expect((await signedInApi(server.url, lapsed).post(CONNECTIONS, {})).status).toBe(402);
  });
});

describe('disconnecting', () => {
  it('revokes the subscription, forgets the token, keeps the history and records feedback', async () => {
    const { account, api } = await subscriber();
    const events = eventsOf(account.companyId);
    const signup = await completeSignup(server.url, { phone: '5511911110008' });
    await api.post(CONNECTIONS, connectBody(signup));
    await waitFor(() => statuses(events).includes('connected'), { what: 'connected event' });

    // Another company can neither see nor disconnect it.
    const other = await subscriber();
    expect((await other.api.get(STATUS)).body.data).toMatchObject({ status: 'disconnected' });
    expect((await other.api.delete<WhatsappConnectionState>(CONNECTIONS)).body.data.status).toBe(
      'disconnected',
    );
    expect((await api.get(STATUS)).body.data).toMatchObject({ status: 'connected' });
    expect((await simNumber(signup.data.phone_number_id!)).subscribed_at).not.toBeNull();

    const answer = await api.delete<WhatsappConnectionState>(CONNECTIONS);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'disconnected', phoneNumber: null });
    expect((await api.get(STATUS)).body.data).toMatchObject({ status: 'disconnected' });
    expect((await simNumber(signup.data.phone_number_id!)).subscribed_at).toBeNull();
    await waitFor(() => statuses(events).includes('disconnected'), { what: 'disconnected event' });
    expect(statuses(events)).toEqual(['connected', 'disconnected']);
    const { rows } = await server.db.query<{ status: string; access_token_encrypted: string | null }>(
      'SELECT status, access_token_encrypted, disconnected_at FROM whatsapp_connections WHERE company_id = $1',
      [account.companyId],
    );
    expect(rows).toEqual([expect.objectContaining({ status: 'disconnected', access_token_encrypted: null })]);

    const feedback = await api.post(`${CONNECTIONS}/disconnect-feedback`, {
      reason: 'switching_number',
      comment: '  Vou usar outro chip.  ',
    });
    expect(feedback).toMatchObject({ status: 200, body: { success: true, data: { received: true } } });
    const { rows: stored } = await server.db.query(
      `SELECT f.reason, f.comment, f.connection_id = c.id AS linked FROM whatsapp_disconnect_feedback f
         JOIN whatsapp_connections c ON c.company_id = f.company_id WHERE f.company_id = $1`,
      [account.companyId],
    );
    expect(stored).toEqual([{ reason: 'switching_number', comment: 'Vou usar outro chip.', linked: true }]);
    expect(
      (await api.post(`${CONNECTIONS}/disconnect-feedback`, { reason: 'nope', comment: null })).status,
    ).toBe(400);

    // Once disconnected the number may connect elsewhere, but Meta keeps the PIN it was registered
    // with: another company is told to turn off two-step verification; this company reconnects.
    const elsewhere = await completeSignup(server.url, { existing: signup.data.phone_number_id! });
    expect(
      (await other.api.post<WhatsappConnectionState>(CONNECTIONS, connectBody(elsewhere))).body.data,
    ).toMatchObject({
      status: 'not_ready',
      problem: { code: '133005' },
    });
    await other.api.delete(CONNECTIONS);
    const back = await completeSignup(server.url, { existing: signup.data.phone_number_id! });
    expect((await api.post<WhatsappConnectionState>(CONNECTIONS, connectBody(back))).body.data.status).toBe(
      'connected',
    );
  });
});

describe('what the webhook processor calls', () => {
  it('history progress only moves forward; offboarded and needs_reconnect stop sends and tell open tabs', async () => {
    const { account, api } = await subscriber();
    // A Cloud API number: a coexistence one would also get the simulator's own history sync, whose
    // progress events would race the ones this test makes.
    const signup = await completeSignup(server.url, { phone: '5511987650010' });
    // Listening before connecting: PGlite tells the bus before the HTTP answer, PostgreSQL may tell
    // it after; a listener added after the answer hears "connected" on one and not the other.
    const events = eventsOf(account.companyId);
    await api.post(CONNECTIONS, connectBody(signup));
    const pnid = signup.data.phone_number_id!;

    expect(await server.db.transaction((tx) => updateHistoryProgress(tx, bus, pnid, 60))).toBe(true);
    expect(await server.db.transaction((tx) => updateHistoryProgress(tx, bus, pnid, 30))).toBe(false);
    expect((await api.get(STATUS)).body.data).toMatchObject({ status: 'connected', historyProgress: 60 });

    const offboarded = await server.db.transaction((tx) => markConnectionOffboarded(tx, bus, pnid));
    expect(offboarded).toEqual({ companyId: account.companyId, connectionId: expect.any(String) });
    expect((await api.get(STATUS)).body.data).toMatchObject({
      status: 'offboarded',
      problem: { code: 'ACCOUNT_OFFBOARDED' },
    });
    expect(await server.db.transaction((tx) => markConnectionOffboarded(tx, bus, pnid))).toBeNull();
    await server.db.transaction((tx) => markConnectionNeedsReconnect(tx, bus, pnid));
    expect((await api.get(STATUS)).body.data).toMatchObject({
      status: 'needs_reconnect',
      problem: { code: '190' },
    });
    // An unknown number changes nothing.
    expect(await server.db.transaction((tx) => markConnectionOffboarded(tx, bus, '999'))).toBeNull();
    // Connecting, the history's progress (which never goes back), offboarding, the expired token.
    const told = ['connected', 'connected', 'offboarded', 'needs_reconnect'];
    await waitFor(() => statuses(events).length >= told.length, {
      what: `four events (heard ${JSON.stringify(statuses(events))})`,
    });
    expect(statuses(events)).toEqual(told);

    // Reconnecting replaces the stopped connection.
    const again = await completeSignup(server.url, { existing: pnid });
    expect((await api.post<WhatsappConnectionState>(CONNECTIONS, connectBody(again))).body.data.status).toBe(
      'connected',
    );
  });
});

describe('the simulator Graph API', () => {
  it('refuses a bad token with 401 and code 190, as Meta does', async () => {
    const signup = await completeSignup(server.url, { phone: '5511900000009' });
    const response = await fetch(
      `${server.url}/dev/whatsapp/graph/v23.0/${signup.data.waba_id}/subscribed_apps`,
      {
        method: 'POST',
        headers: { authorization: 'Bearer EAAnot-a-token' },
      },
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        message: expect.any(String),
        type: 'OAuthException',
        code: 190,
        fbtrace_id: expect.any(String),
      },
    });
  });

  it('the popup page: its pt-BR form, and the tester told what to fix', async () => {
    const made = await completeSignup(server.url, { businessName: 'Padaria Sol', phone: '5511900000011' });
    const page = await fetch(
      `${server.url}/dev/whatsapp/signup?mode=coexistence&origin=${encodeURIComponent(server.url)}`,
    );
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const text = await page.text();
    for (const label of [
      'Concluir',
      'Concluir só a conta (sem número)',
      'Cancelar',
      'coexistência',
      'Padaria Sol',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain(`value="${made.data.phone_number_id}"`);
    const post = (fields: Record<string, string>) =>
      fetch(`${server.url}/dev/whatsapp/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ mode: 'cloud_api', action: 'finish', ...fields }),
      });
    for (const [fields, says] of [
      [{ businessName: '', phone: '5511900000012' }, 'Informe o nome da empresa.'],
      [{ businessName: 'Padaria', phone: '123' }, 'Informe o número com DDI e DDD'],
      [{ existing: '42' }, 'Esse número simulado não existe mais.'],
    ] as const) {
      const answer = await post(fields);
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain(says);
    }
  });

  it('a cancelled popup hands CANCEL and no code', async () => {
    const cancelled = await completeSignup(server.url, { action: 'cancel' });
    expect(cancelled).toEqual({ event: 'CANCEL', data: { current_step: 'PHONE_NUMBER_SETUP' }, code: null });
  });
});

describe('with dev pages off', () => {
  it('no signup page, no simulated Graph API, and WhatsApp is unavailable', async () => {
    const production = await startTestServer({
      env: { NODE_ENV: 'production', APP_URL: loadConfig({}).appUrl },
    });
    try {
      for (const path of ['/dev/whatsapp/signup', '/dev/whatsapp/graph/v23.0/oauth/access_token']) {
        const response = await fetch(`${production.url}${path}`);
        expect(response.status, path).toBe(404);
        expect(await response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
      const account = await createTestAccount(production.db, { subscription: 'trialing' });
      expect(await signedInApi(production.url, account).get(`${CONNECTIONS}/signup-config`)).toMatchObject({
        status: 503,
        body: { code: 'SERVICE_UNAVAILABLE' },
      });
    } finally {
      await production.close();
    }
  });
});
