import {
  type AdvisorStreamEvent,
  advisorMessageSchema,
  advisorStreamEventSchema,
  askAdvisorContract,
} from '../../../../contracts/advisor';
import { REQUEST_TIMEOUT_MS } from '../../../api/client';
import { ANSWER_FALLBACK, errorText } from '../../../api/error-text';
import { isRecord } from '../../../lib/is-record';
import { sessionRequestHeaders } from '../../../lib/session/session-headers';
import { reportUnauthorized } from '../../../lib/session/unauthorized-signal';

/** The server refused the question before any stream (400, 402, 403, 429…): its pt-BR words. */
export class AdvisorQuestionRefused extends Error {
  override readonly name = 'AdvisorQuestionRefused';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** No answer, a connection lost mid-way, or a stream that broke off or said something unreadable. */
export class AdvisorStreamDropped extends Error {
  override readonly name = 'AdvisorStreamDropped';
}

/** One event block's data (its `data:` lines joined), or null for a block without any. */
function dataOf(block: string): string | null {
  const lines = block
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''));
  return lines.length > 0 ? lines.join('\n') : null;
}

function eventOf(data: string): AdvisorStreamEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new AdvisorStreamDropped('The answer stream sent something that is not JSON');
  }
  const checked = advisorStreamEventSchema.safeParse(parsed);
  if (!checked.success)
    throw new AdvisorStreamDropped('The answer stream sent an event outside its contract');
  return checked.data;
}

/** Reads server-sent events until `done` or `failed`; a stream that ends before either dropped. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: AdvisorStreamEvent) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffered += decoder.decode(value, { stream: !done });
      const blocks = buffered.split(/\r?\n\r?\n/);
      buffered = done ? '' : blocks.pop()!;
      for (const block of blocks) {
        const data = dataOf(block);
        if (data === null) continue;
        const event = eventOf(data);
        onEvent(event);
        if (event.type === 'done' || event.type === 'failed') return;
      }
      if (done) throw new AdvisorStreamDropped('The answer stream ended before the answer');
    }
  } finally {
    reader.releaseLock();
  }
}

async function refusalOf(response: Response): Promise<AdvisorQuestionRefused> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined; // a proxy's HTML page: never shown
  }
  return new AdvisorQuestionRefused(errorText(body, ANSWER_FALLBACK), response.status);
}

/**
 * Asks the advisor and streams its answer (POST /api/advisor/conversation/messages with
 * `Accept: text/event-stream`), the API client's way: the page's own origin, the session's headers,
 * no cookies, a 401 or 402 told to the session. Each event is checked against the contract and
 * handed to `onEvent`. Resolves after `done` or `failed`; rejects with AdvisorQuestionRefused when
 * the server answers in the envelope, AdvisorStreamDropped when the connection is lost (or nothing
 * arrives in 10 s), and the signal's reason when the caller stops it.
 */
export async function streamAdvisorAnswer(
  question: string,
  { signal, onEvent }: { signal: AbortSignal; onEvent: (event: AdvisorStreamEvent) => void },
): Promise<void> {
  const controller = new AbortController();
  const stop = () => controller.abort(signal.reason);
  if (signal.aborted) stop();
  signal.addEventListener('abort', stop);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  try {
    let response: Response;
    try {
      response = await fetch(new URL(askAdvisorContract.url, window.location.origin), {
        method: askAdvisorContract.method,
        headers: {
          ...sessionRequestHeaders(),
          accept: 'text/event-stream',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ question }),
        credentials: 'omit',
        mode: 'same-origin',
        signal: controller.signal,
      });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new AdvisorStreamDropped(timedOut ? 'No answer in time' : 'No answer', { cause: error });
    } finally {
      // Only the wait for an answer is timed: an answer may take its time being written.
      clearTimeout(timer);
    }
    if (response.status === 401 || response.status === 402) reportUnauthorized();
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok) throw await refusalOf(response);
    if (!type.includes('text/event-stream') || !response.body) {
      // A server that answered the finished message in the envelope instead of streaming it.
      const answered: unknown = await response.json().catch(() => undefined);
      const answer = advisorMessageSchema.safeParse(isRecord(answered) ? answered.data : undefined);
      if (!answer.success) throw new AdvisorStreamDropped('The answer was not a message');
      onEvent({ type: answer.data.status === 'failed' ? 'failed' : 'done', answer: answer.data });
      return;
    }
    try {
      await readEvents(response.body, onEvent);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof AdvisorStreamDropped) throw error;
      throw new AdvisorStreamDropped('The connection dropped mid-answer', { cause: error });
    }
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
}
