import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdvisorMessage, AdvisorStreamEvent } from '../../contracts/advisor';
import { AI_BUDGET_EXHAUSTED_TEXT } from '../../contracts/advisor';
import {
  AdvisorQuestionRefused,
  AdvisorStreamDropped,
  streamAdvisorAnswer,
} from '../../src/features/home/advisor/advisor-stream';
import { onUnauthorized } from '../../src/lib/session/unauthorized-signal';
import { interceptFetch, json } from './support/network';

const question: AdvisorMessage = {
  id: 'm-1',
  role: 'user',
  text: 'Quais tarefas estão atrasadas?',
  sources: [],
  mode: null,
  status: 'complete',
  createdAt: '2030-01-15T12:00:00.000Z',
};
const answer: AdvisorMessage = {
  ...question,
  id: 'm-2',
  role: 'assistant',
  text: 'Nenhuma.',
  mode: 'offline',
};

/** A 200 event stream whose body arrives in the given pieces. */
function streamOf(pieces: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

async function ask(signal = new AbortController().signal) {
  const events: AdvisorStreamEvent[] = [];
  const outcome = await streamAdvisorAnswer(question.text, { signal, onEvent: (e) => events.push(e) }).then(
    () => 'finished' as const,
    (error: unknown) => error,
  );
  return { events, outcome };
}

const sse = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`;

describe('the advisor answer stream', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads every event however the bytes are split, skipping comments and other fields', async () => {
    const text = [
      ': aberto\n\n',
      sse({ type: 'started', question }),
      `event: message\r\ndata: ${JSON.stringify({ type: 'delta', text: 'Nen' })}\r\n\r\n`,
      sse({ type: 'delta', text: 'huma.' }),
      sse({ type: 'done', answer }),
    ].join('');
    const network = interceptFetch(() => streamOf(text.match(/[\s\S]{1,7}/g)!));
    const { events, outcome } = await ask();
    expect(outcome).toBe('finished');
    expect(events).toEqual([
      { type: 'started', question },
      { type: 'delta', text: 'Nen' },
      { type: 'delta', text: 'huma.' },
      { type: 'done', answer },
    ]);
    const sent = network.calls[0]!;
    expect(sent.request.method).toBe('POST');
    expect(sent.request.headers.get('accept')).toBe('text/event-stream');
    expect(await sent.request.json()).toEqual({ question: question.text });
    expect(sent.init?.credentials).toBe('omit');
  });

  it('drops a stream that says something outside its contract, or ends before the answer', async () => {
    interceptFetch(() => streamOf([sse({ type: 'started', question }), sse({ type: 'delta', text: 3 })]));
    expect((await ask()).outcome).toBeInstanceOf(AdvisorStreamDropped);
    interceptFetch(() => streamOf([sse({ type: 'started', question }), 'data: {not json\n\n']));
    expect((await ask()).outcome).toBeInstanceOf(AdvisorStreamDropped);
    interceptFetch(() => streamOf([sse({ type: 'started', question }), sse({ type: 'delta', text: 'a' })]));
    const cut = await ask();
    expect(cut.outcome).toBeInstanceOf(AdvisorStreamDropped);
    expect(cut.events.map((e) => e.type)).toEqual(['started', 'delta']);
  });

  it('gives the envelope’s words for a refusal before the stream, and tells the session of a 401', async () => {
    interceptFetch(() =>
      json({ success: false, error: AI_BUDGET_EXHAUSTED_TEXT, code: 'RATE_LIMITED' }, 429),
    );
    const refused = await ask();
    expect(refused.outcome).toBeInstanceOf(AdvisorQuestionRefused);
    expect((refused.outcome as AdvisorQuestionRefused).message).toBe(AI_BUDGET_EXHAUSTED_TEXT);
    expect((refused.outcome as AdvisorQuestionRefused).status).toBe(429);

    const told = vi.fn();
    const stop = onUnauthorized(told);
    interceptFetch(() => json({ success: false, error: 'Sua sessão expirou. Entre novamente.' }, 401));
    expect(((await ask()).outcome as Error).message).toBe('Sua sessão expirou. Entre novamente.');
    expect(told).toHaveBeenCalledTimes(1);
    stop();
  });

  it('calls a lost connection dropped, and a stop the caller’s own', async () => {
    interceptFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await ask()).outcome).toBeInstanceOf(AdvisorStreamDropped);

    interceptFetch(
      (request) =>
        new Promise((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
    );
    const controller = new AbortController();
    const asking = ask(controller.signal);
    controller.abort('stopped');
    expect((await asking).outcome).toBe('stopped');
  });

  it('takes a finished message answered in the envelope as the done answer', async () => {
    interceptFetch(() => json({ success: true, data: answer }));
    expect((await ask()).events).toEqual([{ type: 'done', answer }]);
  });
});
