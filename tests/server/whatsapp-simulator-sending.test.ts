import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb, waitFor } from '../support/db';
import {
  control,
  graphSend,
  type Json,
  type SimulatedNumber,
  type StandaloneWhatsappSimulator,
  startWebhookReceiver,
  startWhatsappSimulator,
  statusesReceived,
  type WebhookReceiver,
} from '../support/whatsapp-simulator';

/**
 * The local Cloud API's sending side over real HTTP on a real database, as the dispatcher meets
 * it: Meta's template checks, biz_opaque_callback_data carried into status webhooks, refusals a
 * tester queues, a revoked token, and the counts a benchmark reads (send-stats).
 */

let testDb: TestDb;
let receiver: WebhookReceiver;
let sim: StandaloneWhatsappSimulator;

beforeAll(async () => {
  testDb = await openTestDb();
  receiver = await startWebhookReceiver();
  sim = await startWhatsappSimulator(testDb.db, {
    webhookUrl: receiver.url,
    limits: { perSecond: 8, coexistencePerSecond: 4, pairBurst: 3, pairIntervalSeconds: 6 },
  });
});

afterAll(async () => {
  await sim?.close();
  await receiver?.close();
  await testDb?.close();
});

const newNumber = () => control<SimulatedNumber>(sim.url, 'numbers', {});
const send = (number: SimulatedNumber, body: Record<string, unknown>, token?: string) =>
  graphSend(sim.graph, number, body, token);
const text = (to: string, body = 'Olá!') => ({ to, type: 'text', text: { body } });

/** A template send with these body parameters (and header ones, when given). */
function template(
  to: string,
  name: string,
  body: string[],
  { language = 'pt_BR', header }: { language?: string; header?: string[] } = {},
) {
  const asParameters = (texts: string[]) => texts.map((one) => ({ type: 'text', text: one }));
  return {
    to,
    type: 'template',
    template: {
      name,
      language: { code: language },
      components: [
        ...(header ? [{ type: 'header', parameters: asParameters(header) }] : []),
        { type: 'body', parameters: asParameters(body) },
      ],
    },
  };
}

const customerWrites = (number: SimulatedNumber, from: string) =>
  control(sim.url, 'customer-message', {
    phoneNumberId: number.phoneNumberId,
    from,
    name: 'Maria Souza',
    text: 'Oi!',
  });

const stats = (number: SimulatedNumber) =>
  control(sim.url, `send-stats?phoneNumberId=${number.phoneNumberId}`);

/** The control API's raw answer (status and envelope), for its refusals. */
async function controlRaw(path: string, init: { method: string; body?: unknown }) {
  const response = await fetch(`${sim.url}/dev/whatsapp/api/${path}`, {
    method: init.method,
    ...(init.body !== undefined && {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(init.body),
    }),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

function expectMetaError(json: Json, code: number) {
  expect(json.error).toMatchObject({ code, type: 'OAuthException' });
  expect(json.error.message).toEqual(expect.any(String));
  expect(json.error.fbtrace_id).toEqual(expect.any(String));
}

describe('template sends', () => {
  it('refuses a template the account does not have, or has not approved, with 132001 (HTTP 404)', async () => {
    const number = await newNumber();
    for (const [name, language] of [
      ['nao_existe', 'pt_BR'],
      ['lembrete_retorno', 'en_US'],
      ['promocao_do_mes', 'pt_BR'],
      ['cobranca_pendente', 'pt_BR'],
    ] as const) {
      const refused = await send(
        number,
        template('5511987651001', name, ['seu pedido chegou.'], { language }),
      );
      expect(refused.status).toBe(404);
      expectMetaError(refused.json, 132001);
      expect(refused.json.error.error_data.details).toBe(
        `template name (${name}) does not exist in ${language}`,
      );
    }
    const approved = await send(
      number,
      template('5511987651001', 'lembrete_retorno', ['seu pedido chegou.']),
    );
    expect(approved.status).toBe(200);
    expect(approved.json.messages[0].id).toMatch(/^wamid\./);
  });

  it('refuses a parameter count that differs from the template’s {{n}} with 132000', async () => {
    const number = await newNumber();
    const cases: [Record<string, unknown>, string][] = [
      [template('5511987651002', 'lembrete_retorno', []), 'body: number of localizable_params (0)'],
      [
        template('5511987651002', 'lembrete_retorno', ['um', 'dois']),
        'body: number of localizable_params (2)',
      ],
      [template('5511987651002', 'pedido_a_caminho', ['Maria']), 'expected number of params (2)'],
      [template('5511987651002', 'boas_vindas', ['sobra']), 'expected number of params (0)'],
      [
        template('5511987651002', 'lembrete_agendamento', ['terça.']),
        'header: number of localizable_params (0)',
      ],
    ];
    for (const [body, details] of cases) {
      const refused = await send(number, body);
      expect(refused.status).toBe(400);
      expectMetaError(refused.json, 132000);
      expect(refused.json.error.error_data.details).toContain(details);
    }
    const accepted = [
      template('5511987651002', 'pedido_a_caminho', ['Maria', '#12']),
      template('5511987651003', 'boas_vindas', []),
      template('5511987651004', 'lembrete_agendamento', ['terça.'], { header: ['amanhã'] }),
    ];
    for (const body of accepted) expect((await send(number, body)).status).toBe(200);
  });

  it('refuses a text parameter with a newline, a tab or more than four spaces in a row', async () => {
    const number = await newNumber();
    for (const bad of ['linha um\nlinha dois', 'coluna\tcoluna', 'cinco     espaços']) {
      const refused = await send(number, template('5511987651005', 'lembrete_retorno', [bad]));
      expect(refused.status).toBe(400);
      expectMetaError(refused.json, 132018);
      expect(refused.json.error.error_data.details).toBe(
        'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
      );
    }
    const fourSpaces = await send(
      number,
      template('5511987651005', 'lembrete_retorno', ['quatro    espaços']),
    );
    expect(fourSpaces.status).toBe(200);
  });
});

describe('biz_opaque_callback_data', () => {
  it('is repeated in every status webhook of that message, and only of that one', async () => {
    const number = await newNumber();
    await customerWrites(number, '5511987652001');
    const tagged = await send(number, {
      ...text('5511987652001', 'Seu bolo está pronto'),
      biz_opaque_callback_data: 'attempt:7f3c',
    });
    const plain = await send(number, text('5511987652001', 'Pode retirar às 15h'));
    expect(tagged.status).toBe(200);
    const taggedId = tagged.json.messages[0].id;
    const plainId = plain.json.messages[0].id;

    // Both delivered before the customer reads: a message still on its way is not read with them.
    const deliveredOf = (wamid: string) =>
      waitFor(() => {
        const found = statusesReceived(receiver, number, wamid);
        return found.length >= 2 ? found : null;
      });
    const delivered = await deliveredOf(taggedId);
    await deliveredOf(plainId);
    expect(delivered.map((status) => [status.status, status.biz_opaque_callback_data])).toEqual([
      ['sent', 'attempt:7f3c'],
      ['delivered', 'attempt:7f3c'],
    ]);
    await control(sim.url, 'read', { phoneNumberId: number.phoneNumberId, customer: '5511987652001' });
    const read = await waitFor(() =>
      statusesReceived(receiver, number, taggedId).find((status) => status.status === 'read'),
    );
    expect(read.biz_opaque_callback_data).toBe('attempt:7f3c');

    const plainStatuses = await waitFor(() => {
      const found = statusesReceived(receiver, number, plainId);
      return found.length >= 3 ? found : null;
    });
    for (const status of plainStatuses) expect(status).not.toHaveProperty('biz_opaque_callback_data');
  });

  it('is in a failed status too (outside the window), and longer than 512 characters is refused', async () => {
    const number = await newNumber();
    const outside = await send(number, {
      ...text('5511987652002'),
      biz_opaque_callback_data: 'x'.repeat(512),
    });
    const failed = await waitFor(() => statusesReceived(receiver, number, outside.json.messages[0].id)[0]);
    expect(failed).toMatchObject({ status: 'failed', errors: [{ code: 131047 }] });
    expect(failed.biz_opaque_callback_data).toBe('x'.repeat(512));

    for (const bad of ['x'.repeat(513), 42]) {
      const refused = await send(number, { ...text('5511987652002'), biz_opaque_callback_data: bad });
      expect(refused.status).toBe(400);
      expectMetaError(refused.json, 100);
      expect(refused.json.error.error_data.details).toContain('biz_opaque_callback_data');
    }
  });

  it('is in statuses the tester sends through the control API', async () => {
    const number = await newNumber();
    await customerWrites(number, '5511987652003');
    const sent = await send(number, { ...text('5511987652003'), biz_opaque_callback_data: 'reply:1' });
    const wamid = sent.json.messages[0].id;
    await waitFor(() => statusesReceived(receiver, number, wamid).length >= 2 || null);
    await control(sim.url, 'statuses', {
      phoneNumberId: number.phoneNumberId,
      wamid,
      sequence: ['failed'],
      errorCode: 131026,
    });
    const failed = await waitFor(() =>
      statusesReceived(receiver, number, wamid).find((status) => status.status === 'failed'),
    );
    expect(failed).toMatchObject({ biz_opaque_callback_data: 'reply:1', errors: [{ code: 131026 }] });
  });
});

describe('POST /dev/whatsapp/api/send-faults', () => {
  it('refuses the next sends with the chosen Graph error in Meta’s shape, `times` times', async () => {
    const number = await newNumber();
    await customerWrites(number, '5511987653001');
    await control(sim.url, 'send-faults', {
      phoneNumberId: number.phoneNumberId,
      faults: [
        { code: 190 },
        { code: 131047, times: 2 },
        { code: 131026 },
        { code: 131000, httpStatus: 503 },
      ],
    });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await send(number, text('5511987653001', `Mensagem ${i}`)));
    expect(answers.map((answer) => [answer.status, answer.json.error?.code ?? 'ok'])).toEqual([
      [401, 190],
      [400, 131047],
      [400, 131047],
      [400, 131026],
      [503, 131000],
      [200, 'ok'],
    ]);
    expect(answers[1]!.json.error).toMatchObject({
      message: '(#131047) Re-engagement message',
      type: 'OAuthException',
      error_data: { messaging_product: 'whatsapp', details: expect.stringContaining('24 hours') },
    });
    expect(answers[4]!.json.error.fbtrace_id).toEqual(expect.any(String));
    // What was refused never reached the customer.
    const conversation = await control(
      sim.url,
      `conversation?phoneNumberId=${number.phoneNumberId}&customer=5511987653001`,
    );
    expect(
      conversation.messages
        .filter((message: Json) => message.direction === 'to_customer')
        .map((m: Json) => m.text),
    ).toEqual(['Mensagem 5']);
  });

  it('with `to`, refuses only sends to that person (either form of the ninth digit)', async () => {
    const number = await newNumber();
    await control(sim.url, 'send-faults', {
      phoneNumberId: number.phoneNumberId,
      faults: [{ code: 131026, to: '551187653002' }],
    });
    expect((await send(number, template('5511987653003', 'boas_vindas', []))).status).toBe(200);
    const refused = await send(number, template('5511987653002', 'boas_vindas', []));
    expect([refused.status, refused.json.error.code]).toEqual([400, 131026]);
    expect((await send(number, template('5511987653002', 'boas_vindas', []))).status).toBe(200);
  });

  it('DELETE clears what is left; other numbers are never affected', async () => {
    const number = await newNumber();
    const other = await newNumber();
    await control(sim.url, 'send-faults', {
      phoneNumberId: number.phoneNumberId,
      faults: [{ code: 130429, times: 5 }],
    });
    expect((await send(other, template('5511987653004', 'boas_vindas', []))).status).toBe(200);
    expect((await send(number, template('5511987653004', 'boas_vindas', []))).json.error.code).toBe(130429);
    const cleared = await controlRaw(`send-faults?phoneNumberId=${number.phoneNumberId}`, {
      method: 'DELETE',
    });
    expect(cleared).toMatchObject({ status: 200, json: { success: true, data: { ok: true } } });
    expect((await send(number, template('5511987653005', 'boas_vindas', []))).status).toBe(200);
  });

  it('answers bad input with 400 and an unknown number with 404, in the envelope', async () => {
    const number = await newNumber();
    for (const body of [
      { phoneNumberId: number.phoneNumberId, faults: [] },
      { phoneNumberId: number.phoneNumberId, faults: [{ code: 'x' }] },
      { phoneNumberId: number.phoneNumberId, faults: [{ code: 131000, httpStatus: 200 }] },
      { phoneNumberId: number.phoneNumberId, faults: [{ code: 131000, times: 0 }] },
    ]) {
      const refused = await controlRaw('send-faults', { method: 'POST', body });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    const unknown = await controlRaw('send-faults', {
      method: 'POST',
      body: { phoneNumberId: '999999999', faults: [{ code: 131000 }] },
    });
    expect(unknown).toMatchObject({ status: 404, json: { success: false, code: 'NOT_FOUND' } });
  });
});

describe('POST /dev/whatsapp/api/hold-sends', () => {
  const waiting = async (number: SimulatedNumber) =>
    (await control<{ waiting: number }>(sim.url, `hold-sends?phoneNumberId=${number.phoneNumberId}`)).waiting;

  it('holds the answers to the number’s sends until released; a fault queued meanwhile applies', async () => {
    const number = await newNumber();
    await customerWrites(number, '5511987656001');
    expect(await control(sim.url, 'hold-sends', { phoneNumberId: number.phoneNumberId, hold: true })).toEqual(
      {
        waiting: 0,
        released: 0,
      },
    );
    let answered = false;
    const first = send(number, text('5511987656001', 'Primeira')).finally(() => {
      answered = true;
    });
    const second = send(number, text('5511987656001', 'Segunda'));
    await waitFor(async () => ((await waiting(number)) === 2 ? true : null));
    expect(answered).toBe(false);
    await control(sim.url, 'send-faults', {
      phoneNumberId: number.phoneNumberId,
      faults: [{ code: 132001, to: '5511987656001', times: 1 }],
    });
    expect(
      await control(sim.url, 'hold-sends', { phoneNumberId: number.phoneNumberId, hold: false }),
    ).toEqual({ waiting: 0, released: 2 });
    const answers = await Promise.all([first, second]);
    // One of the two took the fault queued while they waited; the other went out.
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect(answers.find((answer) => answer.status === 404)!.json.error.code).toBe(132001);
    // Released: the next send is answered at once.
    expect((await send(number, text('5511987656001', 'Terceira'))).status).toBe(200);
    expect(await waiting(number)).toBe(0);
  });

  it('holds only that number', async () => {
    const held = await newNumber();
    const other = await newNumber();
    await customerWrites(other, '5511987656002');
    await control(sim.url, 'hold-sends', { phoneNumberId: held.phoneNumberId, hold: true });
    expect((await send(other, text('5511987656002'))).status).toBe(200);
    await control(sim.url, 'hold-sends', { phoneNumberId: held.phoneNumberId, hold: false });
  });

  it('answers 404 for a number it does not have and 400 for a malformed body', async () => {
    const unknown = await controlRaw('hold-sends', {
      method: 'POST',
      body: { phoneNumberId: '999999999999', hold: true },
    });
    expect(unknown.status).toBe(404);
    const malformed = await controlRaw('hold-sends', { method: 'POST', body: { phoneNumberId: 'x' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});

describe('POST /dev/whatsapp/api/offline', () => {
  it('leaves what an offline person is sent `sent`, without `delivered`, until a status says more', async () => {
    const number = await newNumber();
    await customerWrites(number, '5511987657001');
    await control(sim.url, 'offline', { phone: '5511987657001', offline: true });
    const sent = await send(number, text('5511987657001', 'Seu pedido saiu'));
    const wamid = sent.json.messages[0].id;
    await waitFor(() => (statusesReceived(receiver, number, wamid).length > 0 ? true : null));
    // Meta's later statuses still come: the read is the next one after `sent`.
    await control(sim.url, 'read', { phoneNumberId: number.phoneNumberId, customer: '5511987657001' });
    const statuses = await waitFor(() => {
      const found = statusesReceived(receiver, number, wamid);
      return found.some((status) => status.status === 'read') ? found : null;
    });
    expect(statuses.map((status) => status.status)).toEqual(['sent', 'read']);

    await control(sim.url, 'offline', { phone: '5511987657001', offline: false });
    const online = await send(number, text('5511987657001', 'Chegou?'));
    const delivered = await waitFor(() => {
      const found = statusesReceived(receiver, number, online.json.messages[0].id);
      return found.length >= 2 ? found : null;
    });
    expect(delivered.map((status) => status.status)).toEqual(['sent', 'delivered']);
  });
});

describe('POST /dev/whatsapp/api/revoke-token', () => {
  it('makes every Graph call with the account’s business tokens answer 401 with code 190', async () => {
    const number = await newNumber();
    const other = await newNumber();
    expect((await send(number, template('5511987654001', 'boas_vindas', []))).status).toBe(200);
    await control(sim.url, 'revoke-token', { phoneNumberId: number.phoneNumberId });

    const refused = await send(number, template('5511987654001', 'boas_vindas', []));
    expect(refused.status).toBe(401);
    expectMetaError(refused.json, 190);
    const templates = await fetch(`${sim.graph}/${number.wabaId}/message_templates`, {
      headers: { authorization: `Bearer ${number.token}` },
    });
    expect(templates.status).toBe(401);
    expectMetaError(await templates.json(), 190);
    expect((await send(other, template('5511987654001', 'boas_vindas', []))).status).toBe(200);
  });
});

describe('GET /dev/whatsapp/api/send-stats', () => {
  it('counts accepted and refused sends, the busiest second and repeated messages', async () => {
    const number = await newNumber();
    expect(await stats(number)).toEqual({
      accepted: 0,
      refused: {},
      maxPerSecond: 0,
      recipientsWithDuplicates: 0,
    });
    // 5 now, 3 half a second later (8 within one second: the limit), a 9th refused with 130429.
    for (let i = 0; i < 5; i++) await send(number, template(`55119876550${10 + i}`, 'boas_vindas', []));
    sim.advance(500);
    for (let i = 0; i < 3; i++)
      await send(number, template(`55119876550${20 + i}`, 'pedido_a_caminho', ['Ana', `#${i}`]));
    expect((await send(number, template('5511987655030', 'boas_vindas', []))).json.error.code).toBe(130429);
    // 600 ms on, the first five are out of the window: room again.
    sim.advance(600);
    // The same template with other parameters is another message; the same one again is a duplicate.
    await send(number, template('5511987655020', 'pedido_a_caminho', ['Ana', '#9']));
    await send(number, template('5511987655021', 'pedido_a_caminho', ['Ana', '#1']));
    await send(number, template('5511987655010', 'boas_vindas', []));
    await send(number, template('5511987655010', 'nao_existe', []));

    expect(await stats(number)).toEqual({
      accepted: 11,
      refused: { 130429: 1, 132001: 1 },
      maxPerSecond: 8,
      recipientsWithDuplicates: 2,
    });
  });

  it('counts a refusal by token and by fault, and answers 400 or 404 for a bad number id', async () => {
    const number = await newNumber();
    await control(sim.url, 'send-faults', {
      phoneNumberId: number.phoneNumberId,
      faults: [{ code: 131056 }],
    });
    await send(number, template('5511987655040', 'boas_vindas', []));
    await send(number, template('5511987655040', 'boas_vindas', []), 'EAAnope');
    expect(await stats(number)).toMatchObject({ accepted: 0, refused: { 131056: 1, 190: 1 } });

    expect((await controlRaw('send-stats?phoneNumberId=abc', { method: 'GET' })).status).toBe(400);
    expect((await controlRaw('send-stats?phoneNumberId=999999999', { method: 'GET' })).status).toBe(404);
  });
});
