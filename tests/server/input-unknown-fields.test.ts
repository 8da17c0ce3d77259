import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { Task } from '../../contracts/tasks';
import { route } from '../../server/http/route';
import { withSubscriberServer } from '../support/signed-in-api';
import { taskBody } from '../support/task-fixtures';

/**
 * Issue 11: one rule for unknown fields (README, "Unknown fields"). A body's unknown fields are a 400
 * naming each, at any depth, on every route, and a route that takes no body takes no fields; route()
 * will not register a body schema that could let one through. Unknown query parameters are ignored.
 */

const setup = withSubscriberServer();

describe('route()', () => {
  const response = z.object({ ok: z.boolean() });
  const handler = () => ({ ok: true });

  it.each([
    ['a plain object', z.object({ name: z.string() }), ''],
    ['a loose object', z.looseObject({ name: z.string() }), ''],
    [
      'a plain object in an array of a strict one',
      z.strictObject({ items: z.array(z.object({ id: z.string() })) }),
      'items.[]',
    ],
    [
      'an optional plain object in a strict one',
      z.strictObject({ address: z.optional(z.nullable(z.object({ city: z.string() }))) }),
      'address',
    ],
  ])('refuses to register a body that is %s, naming where', (_name, body, where) => {
    const app = Fastify();
    expect(() =>
      route(app, { method: 'POST', url: '/api/test/loose', body, response } as const, { handler }),
    ).toThrow(`POST /api/test/loose: the body accepts unknown fields at "${where}"`);
  });

  it('registers a body whose objects are all strict', () => {
    const app = Fastify();
    const body = z.strictObject({ items: z.array(z.strictObject({ id: z.string() })) });
    expect(() =>
      route(app, { method: 'POST', url: '/api/test/strict', body, response } as const, { handler }),
    ).not.toThrow();
  });
});

describe('in the API', () => {
  it('an unknown field is a 400 naming it, at the top and inside nested objects', async () => {
    const top = await setup.owner.api.post('/api/sales/deals', {
      title: 'Bolo',
      valueCents: 100,
      desconto: 10,
    });
    expect(top.status).toBe(400);
    expect(top.body.issues).toEqual([{ path: 'desconto', message: 'Campo não permitido' }]);

    const nested = await setup.owner.api.post('/api/sales/deals', {
      title: 'Bolo',
      valueCents: 100,
      services: [{ serviceId: '0b6f3c5e-8d0a-4c1e-9a57-3f1d2b4c6e8a', preco: 1 }],
    });
    expect(nested.status).toBe(400);
    expect(nested.body.issues).toEqual([{ path: 'services.0.preco', message: 'Campo não permitido' }]);
  });

  it('a route that takes no body refuses fields, and takes none or {}', async () => {
    const task = async () =>
      (await setup.owner.api.post<{ task: Task }>('/api/tasks', taskBody())).body.data.task;

    const withFields = await setup.owner.api.post(`/api/tasks/${(await task()).id}/complete`, {
      status: 'completed',
    });
    expect(withFields.status).toBe(400);
    expect(withFields.body.issues).toEqual([{ path: 'status', message: 'Campo não permitido' }]);

    expect((await setup.owner.api.post(`/api/tasks/${(await task()).id}/complete`, {})).status).toBe(200);
    const none = await setup.owner.api.post(`/api/tasks/${(await task()).id}/complete`);
    expect(none.status, JSON.stringify(none.body)).toBe(200);
  });

  it('an unknown query parameter is ignored', async () => {
    const tasks = await setup.owner.api.get('/api/tasks?filter=today&utm_source=whatsapp');
    expect(tasks.status).toBe(200);
    const outbox = await fetch(`${setup.server.url}/dev/outbox/messages?utm_source=whatsapp`);
    expect(outbox.status).toBe(200);
  });
});
