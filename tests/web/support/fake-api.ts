import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { SessionCheck } from '../../../contracts/session';
import { interceptFetch, json } from './network';

/** An answer of the fake API: status and JSON body, or a dropped connection. */
export type Reply = { status: number; body: unknown } | 'network-error';

export const sessionRefused: Reply = {
  status: 401,
  body: { success: false, error: 'Sua sessão expirou. Entre novamente.', code: 'UNAUTHENTICATED' },
};

export function sessionAnswer(data: SessionCheck | null): Reply {
  return { status: 200, body: { success: true, data } };
}

function toResponse(reply: Reply): Response | Promise<Response> {
  if (reply === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
  return json(reply.body, reply.status);
}

/** Calls held until the test answers them, per path. */
export class HeldCalls {
  readonly requests: Request[] = [];
  private waiting: Array<(reply: Reply) => void> = [];
  private standing: Reply | undefined;

  constructor(initial?: Reply) {
    this.standing = initial;
  }

  receive(request: Request): Promise<Response> {
    this.requests.push(request);
    if (this.standing) return Promise.resolve(toResponse(this.standing));
    return new Promise((resolve, reject) => {
      this.waiting.push((reply) => {
        if (reply === 'network-error') reject(new TypeError('Failed to fetch'));
        else resolve(json(reply.body, reply.status));
      });
    });
  }

  /** Answers the calls waiting now. */
  answer(reply: Reply): number {
    const waiting = this.waiting;
    this.waiting = [];
    for (const settle of waiting) settle(reply);
    return waiting.length;
  }

  /** Answers every call from now on (and those waiting) with `reply`; `undefined` holds them again. */
  always(reply: Reply | undefined): void {
    this.standing = reply;
    if (reply) this.answer(reply);
  }

  get pending(): number {
    return this.waiting.length;
  }
}

/** A feature's fake endpoints: a response for the calls it knows, undefined for the rest. */
export type FakeRoutes = (request: Request) => Promise<Response> | undefined;

/**
 * The API at the network level (fetch): the session check and e-mail validation are held until
 * the test answers (or answered at once with a standing reply); `/api/refuse-me` is a product call
 * that always gets 401; `routes` answers a feature's calls; anything else a 404 envelope.
 */
export function fakeApi(options: { session?: Reply; routes?: FakeRoutes } = {}) {
  const session = new HeldCalls(options.session);
  const validation = new HeldCalls();
  const network = interceptFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/session/check') return session.receive(request);
    if (pathname === '/api/auth/validate-email') return validation.receive(request);
    if (pathname === '/api/refuse-me') return toResponse(sessionRefused);
    const answered = options.routes?.(request);
    if (answered) return answered;
    return json({ success: false, error: 'Recurso não encontrado.', code: 'NOT_FOUND' }, 404);
  });
  return { network, session, validation };
}

/**
 * Lets fetches, promises and renders settle without moving the clock: real macrotasks (response
 * bodies are read on them) and, with a fake clock, the timers already due.
 */
export async function settle(rounds = 8): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
    });
  }
}

/** Fake timers and Date, but real setImmediate: fetch bodies and settle() need it. */
export const FAKE_CLOCK = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as const;
