import { describe, expect, test, vi } from 'vitest';
import * as z from 'zod/mini';
import { createApiClient, REQUEST_TIMEOUT_MS } from '../../src/api/client';
import { UNREACHABLE_TEXT } from '../../src/api/error-text';
import { interceptFetch, json } from './support/network';

const api = createApiClient();

describe('API client: transport (spec §7)', () => {
  test('calls the page origin, omits credentials, refuses other origins, JSON in and out', async () => {
    const network = interceptFetch(() => json({ success: true, data: { id: 'c-1' } }, 201));
    const result = await api.post('/api/customers', {
      body: { name: 'Ana' },
      query: { a: 1, skip: undefined },
    });
    expect(result).toEqual({ success: true, data: { id: 'c-1' } });

    const [{ request, init }] = network.calls as [(typeof network.calls)[number]];
    expect(new URL(request.url).origin).toBe(window.location.origin);
    expect(request.url).toBe(`${window.location.origin}/api/customers?a=1`);
    expect(init?.credentials).toBe('omit');
    expect(init?.mode).toBe('same-origin');
    expect(request.method).toBe('POST');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.json()).toEqual({ name: 'Ana' });
  });

  test('a path that would leave the origin is refused without a request', async () => {
    const network = interceptFetch(() => json({ success: true, data: null }));
    const result = await api.get('//evil.example/api/x');
    expect(result.success).toBe(false);
    expect(network.fetch).not.toHaveBeenCalled();
  });

  test('headers come from the hook at call time (the session adds its tokens there)', async () => {
    let token = 'Bearer one';
    const authed = createApiClient({ getHeaders: () => ({ authorization: token, refresh_token: 'r-1' }) });
    const network = interceptFetch(() => json({ success: true, data: null }));
    await authed.get('/api/session/check');
    token = 'Bearer two';
    await authed.get('/api/session/check');
    expect(network.calls.map(({ request }) => request.headers.get('authorization'))).toEqual([
      'Bearer one',
      'Bearer two',
    ]);
    expect(network.calls[0]!.request.headers.get('refresh_token')).toBe('r-1');
  });

  test('a create names its submission in the Idempotency-Key header; other calls send none', async () => {
    const network = interceptFetch(() => json({ success: true, data: null }, 201));
    await api.post('/api/tasks', { body: { title: 'Ligar' }, idempotencyKey: 'form-1' });
    await api.get('/api/tasks');
    expect(network.calls.map(({ request }) => request.headers.get('idempotency-key'))).toEqual([
      'form-1',
      null,
    ]);
  });

  test('a 401 is reported to onUnauthorized (the session refreshes); the call still fails', async () => {
    const onUnauthorized = vi.fn();
    const watched = createApiClient({ onUnauthorized });
    interceptFetch((request) =>
      new URL(request.url).pathname === '/api/refused'
        ? json({ success: false, error: 'Sessão expirada', code: 'UNAUTHENTICATED' }, 401)
        : json({ success: false, error: 'Proibido', code: 'FORBIDDEN' }, 403),
    );
    expect(await watched.get('/api/forbidden')).toMatchObject({ success: false, status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(await watched.get('/api/refused')).toMatchObject({
      success: false,
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test('a 402 (the subscription ended) is reported too, so the session checks again and the paywall opens', async () => {
    const onUnauthorized = vi.fn();
    const watched = createApiClient({ onUnauthorized });
    interceptFetch(() =>
      json({ success: false, error: 'Sua assinatura não está ativa.', code: 'SUBSCRIPTION_REQUIRED' }, 402),
    );
    expect(await watched.get('/api/customers')).toMatchObject({
      success: false,
      status: 402,
      code: 'SUBSCRIPTION_REQUIRED',
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test('times out after 10 s with a timed-out error, and does not retry', async () => {
    vi.useFakeTimers();
    const network = interceptFetch(
      (request) =>
        new Promise<Response>((_, reject) => {
          request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    let settled: unknown;
    void api.get('/api/slow').then((result) => {
      settled = result;
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toEqual({
      success: false,
      error: 'O servidor demorou demais para responder. Verifique sua conexão e tente de novo.',
      code: 'TIMEOUT',
    });
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(network.fetch).toHaveBeenCalledTimes(1);
  });

  test('a 500 is answered once: no retries', async () => {
    const network = interceptFetch(() => json({ success: false, error: 'Falhou' }, 500));
    expect(await api.get('/api/x')).toEqual({ success: false, error: 'Falhou', status: 500 });
    expect(network.fetch).toHaveBeenCalledTimes(1);
  });

  test('the caller can cancel (TanStack Query does)', async () => {
    interceptFetch(
      (request) =>
        new Promise<Response>((_, reject) => {
          request.signal.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        }),
    );
    const controller = new AbortController();
    const pending = api.get('/api/x', { signal: controller.signal });
    controller.abort();
    const result = await pending;
    expect(result.success).toBe(false);
    expect(result).not.toHaveProperty('code');
  });
});

describe('API client: answers (spec §3 envelope)', () => {
  test('a failure envelope passes through, with the HTTP status', async () => {
    const envelope = {
      success: false,
      error: 'Telefone deve ter pelo menos 10 dígitos',
      code: 'VALIDATION_ERROR',
      issues: [{ path: 'phoneNumber', message: 'Telefone deve ter pelo menos 10 dígitos' }],
      requestId: 'req-42',
    };
    interceptFetch(() => json(envelope, 400));
    expect(await api.post('/api/settings/whatsapp/blocklist', { body: {} })).toEqual({
      ...envelope,
      status: 400,
    });
  });

  test('an empty 2xx is a success without data', async () => {
    interceptFetch(() => new Response(null, { status: 204 }));
    expect(await api.delete('/api/customers/c-1')).toEqual({ success: true, data: undefined });
  });

  test('a response schema checks data; a mismatch is a failure naming the fields', async () => {
    const schema = z.object({ id: z.string() });
    interceptFetch(() => json({ success: true, data: { id: 'c-1' } }));
    expect(await api.get('/api/customers/c-1', { schema })).toEqual({ success: true, data: { id: 'c-1' } });
    interceptFetch(() => json({ success: true, data: { id: 7 } }));
    const result = await api.get('/api/customers/c-1', { schema });
    expect(result).toMatchObject({
      success: false,
      error: 'An error occurred',
      code: 'INTERNAL_ERROR',
      status: 200,
    });
    expect(result.success === false && result.issues?.[0]?.path).toBe('id');
  });
});

describe('API client: error text (spec §8), never throws', () => {
  test.each([
    [
      'envelope error',
      json({ success: false, error: 'Cliente não encontrado' }, 404),
      'Cliente não encontrado',
    ],
    ['error string of a bare body', json({ error: 'Forbidden' }, 403), 'Forbidden'],
    ['a JSON string body', json('Serviço indisponível', 503), 'Serviço indisponível'],
    ['the error’s message', json({ error: { message: 'Token inválido' } }, 401), 'Token inválido'],
    ['the body’s message', json({ message: 'Too many requests' }, 429), 'Too many requests'],
    ['the error’s value', json({ error: 42 }, 500), '42'],
    ['nothing usable', json({ success: false }, 500), 'An error occurred'],
    ['an empty error', json({ success: false, error: '' }, 500), 'An error occurred'],
    ['an empty body', new Response(null, { status: 502 }), 'An error occurred'],
    [
      'a non-JSON body (a proxy page)',
      new Response('<html><body>Bad Gateway</body></html>', {
        status: 502,
        headers: { 'content-type': 'text/html' },
      }),
      'An error occurred',
    ],
    ['non-JSON under 200', new Response('ok', { status: 200 }), 'An error occurred'],
    ['a 2xx that is not an envelope', json({ id: 1 }, 200), 'An error occurred'],
  ])('%s', async (_case, response, text) => {
    interceptFetch(() => response);
    const result = await api.get('/api/x');
    expect(result).toMatchObject({ success: false, error: text, status: response.status });
  });

  // The browser's own words for a lost connection are English and say nothing more: a person
  // reads pt-BR, and whether the browser knows it is offline.
  test.each([
    ['Chromium', new TypeError('Failed to fetch')],
    ['Firefox', new TypeError('NetworkError when attempting to fetch resource.')],
    ['Safari', new TypeError('Load failed')],
    ['a body cut short', new TypeError('terminated')],
    ['anything else', {}],
  ])('no answer (%s) → NETWORK_ERROR in pt-BR', async (_case, thrown) => {
    interceptFetch(() => Promise.reject(thrown));
    expect(await api.get('/api/x')).toEqual({
      success: false,
      error: UNREACHABLE_TEXT,
      code: 'NETWORK_ERROR',
    });
  });

  test('no answer while the browser is offline → says so', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    interceptFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await api.get('/api/x')).toEqual({
      success: false,
      error: 'Você está sem internet. Verifique sua conexão e tente de novo.',
      code: 'NETWORK_ERROR',
    });
  });
});
