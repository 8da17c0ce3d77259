import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { SessionCheck } from '../../../contracts/session';
import { interceptFetch, json } from './network';

/** An answer of the fake API: status and JSON body, or a dropped connection. */
export type Reply = { status: number; body: unknown } | 'network-error';

/** A standing answer: the same reply every time, or one made from each request. */
export type Answer = Reply | ((request: Request, url: URL) => Reply);

/** A successful answer in the envelope. */
export function ok(data: unknown, status = 200): Reply {
  return { status, body: { success: true, data } };
}

/** A failed answer in the envelope, with the server's pt-BR text (and a 400's field issues). */
export function failed(status: number, error: string, code = 'INTERNAL_ERROR', issues?: unknown[]): Reply {
  return { status, body: { success: false, error, code, ...(issues ? { issues } : {}) } };
}

export const sessionRefused: Reply = {
  status: 401,
  body: { success: false, error: 'Sua sessão expirou. Entre novamente.', code: 'UNAUTHENTICATED' },
};

export function sessionAnswer(data: SessionCheck | null): Reply {
  return { status: 200, body: { success: true, data } };
}

function toResponse(reply: Reply): Promise<Response> {
  if (reply === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
  return Promise.resolve(json(reply.body, reply.status));
}

/**
 * One endpoint of the fake API: every call answered by a standing answer, or held until the test
 * answers it. Every request is kept.
 */
export class HeldCalls {
  readonly requests: Request[] = [];
  private waiting: Array<(reply: Reply) => void> = [];
  private standing: Answer | undefined;

  constructor(initial?: Answer) {
    this.standing = initial;
  }

  receive(request: Request): Promise<Response> {
    this.requests.push(request);
    const standing = this.standing;
    if (standing) {
      return toResponse(typeof standing === 'function' ? standing(request, new URL(request.url)) : standing);
    }
    return new Promise((resolve, reject) => {
      this.waiting.push((reply) => toResponse(reply).then(resolve, reject));
    });
  }

  /** Answers the calls waiting now; how many there were. */
  answer(reply: Reply): number {
    const waiting = this.waiting;
    this.waiting = [];
    for (const settle of waiting) settle(reply);
    return waiting.length;
  }

  /** Answers every call from now on (and a reply, those waiting) with `answer`; `undefined` holds them again. */
  always(answer: Answer | undefined): void {
    this.standing = answer;
    if (answer !== undefined && typeof answer !== 'function') this.answer(answer);
  }

  get pending(): number {
    return this.waiting.length;
  }

  /** The query string of each request, as an object. */
  get queries(): Array<Record<string, string>> {
    return this.requests.map((request) => Object.fromEntries(new URL(request.url).searchParams));
  }

  /** The path of each request. */
  get paths(): string[] {
    return this.requests.map((request) => new URL(request.url).pathname);
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

// Captured before any test fakes the clock: whether setTimeout is the real one tells settleQueries
// if it has to wait on it.
const realSetTimeout = globalThis.setTimeout;

/**
 * settle(), plus the timers TanStack Query tells its observers on (a setTimeout of 0): on a real
 * setTimeout (also when a test fakes only Date) a run of setImmediate rounds can finish before they
 * fire, so each round also waits for every timer already due. Pages that read queries need it.
 */
export async function settleQueries(rounds = 8): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await settle(1);
    if (globalThis.setTimeout === realSetTimeout) {
      await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 1)));
    }
  }
}

/** Fake timers and Date, but real setImmediate: fetch bodies and settle() need it. */
export const FAKE_CLOCK = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as const;
