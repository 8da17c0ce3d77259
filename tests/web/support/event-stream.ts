import type { Reply } from './fake-api';
import { json } from './network';

type Held = { request: Request; resolve: (response: Response) => void; reject: (error: unknown) => void };

const encoder = new TextEncoder();

/**
 * One endpoint of the fake API that answers with server-sent events, held and released piece by
 * piece: each call waits until the test opens its stream (`open`), refuses it in the envelope
 * (`refuse`) or drops it; an open stream gets `send`s, then `end` or `drop`. The caller's abort
 * rejects the call or breaks the stream, as the browser does, and is counted.
 */
export class HeldEventStreams {
  readonly requests: Request[] = [];
  /** Calls the client gave up on while waiting for them or reading their stream. */
  aborted = 0;
  private waiting: Held[] = [];
  private stream: ReadableStreamDefaultController<Uint8Array> | null = null;
  /** The call whose stream is open. */
  private streamOf: Held | null = null;

  receive(request: Request): Promise<Response> {
    this.requests.push(request);
    return new Promise((resolve, reject) => {
      const held: Held = { request, resolve, reject };
      this.waiting.push(held);
      request.signal.addEventListener('abort', () => {
        const abort = new DOMException('The operation was aborted.', 'AbortError');
        if (this.waiting.includes(held)) {
          this.aborted++;
          this.waiting = this.waiting.filter((h) => h !== held);
          reject(abort);
        } else if (this.stream && this.streamOf === held) {
          this.aborted++;
          this.stream.error(abort);
          this.stream = null;
        }
      });
    });
  }

  get pending(): number {
    return this.waiting.length;
  }

  /** Whether a stream is open now. */
  get streaming(): boolean {
    return this.stream !== null;
  }

  private next(): Held {
    const held = this.waiting.shift();
    if (!held) throw new Error('no call is waiting for its answer');
    return held;
  }

  /** Answers the oldest waiting call with 200 and an event stream, its first event `first`. */
  open(first: unknown): void {
    const held = this.next();
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.stream = controller;
      },
    });
    this.streamOf = held;
    this.send(first);
    held.resolve(
      new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } }),
    );
  }

  send(event: unknown): void {
    if (!this.stream) throw new Error('no stream is open');
    this.stream.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
  }

  /** The server ends the stream. */
  end(): void {
    this.stream?.close();
    this.stream = null;
  }

  /** Answers the oldest waiting call in the envelope (a refusal before any stream). */
  refuse(reply: Exclude<Reply, 'network-error'>): void {
    this.next().resolve(json(reply.body, reply.status));
  }

  /** The connection drops: the open stream breaks off, or else the oldest waiting call gets no answer. */
  drop(): void {
    const lost = new TypeError('network error');
    if (this.stream) {
      this.stream.error(lost);
      this.stream = null;
    } else this.next().reject(lost);
  }
}
