import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Route } from 'playwright-core';

/** How long a step waits for the page's call to reach the stream server (real time). */
const ARRIVAL_TIMEOUT_MS = 5000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Server-sent events for a held call, released event by event: `page.route` cannot send a body in
 * pieces, so the call it holds is continued to this local server, which answers it with an event
 * stream the step writes to (`open`, `send`, `end`) or cuts off (`drop`). The browser sees the
 * answer come from the page's own address.
 */
export class HeldEventStreams {
  private arrived: ServerResponse[] = [];
  private stream: ServerResponse | null = null;

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<HeldEventStreams> {
    let held: HeldEventStreams | undefined;
    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
      request.resume();
      held!.arrived.push(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // A replay run ends when its pages are done, whether or not this server is still listening.
    server.unref();
    const { port } = server.address() as AddressInfo;
    held = new HeldEventStreams(server, `http://127.0.0.1:${port}`);
    return held;
  }

  /** Sends the held call here, then answers it with 200 and an event stream whose first event is `first`. */
  async open(route: Route, first: unknown): Promise<void> {
    await route.continue({ url: `${this.origin}/stream` });
    const deadline = Date.now() + ARRIVAL_TIMEOUT_MS;
    while (this.arrived.length === 0) {
      if (Date.now() > deadline) throw new Error('the question never reached the stream server');
      await pause(20);
    }
    const response = this.arrived.shift()!;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
    });
    this.stream = response;
    this.send(first);
  }

  send(event: unknown): void {
    if (!this.stream) throw new Error('no stream is open');
    this.stream.write(`data: ${JSON.stringify(event)}\n\n`);
  }

  /** The server ends the stream. */
  end(): void {
    this.stream?.end();
    this.stream = null;
  }

  /** Forgets what an earlier page left: calls never answered, a stream never ended. */
  reset(): void {
    for (const response of this.arrived) response.socket?.destroy();
    this.arrived = [];
    this.drop();
  }

  /** Whether a stream is open. */
  get streaming(): boolean {
    return this.stream !== null;
  }

  /** The connection breaks off mid-stream. */
  drop(): void {
    this.stream?.socket?.destroy();
    this.stream = null;
  }

  async close(): Promise<void> {
    for (const response of this.arrived) response.socket?.destroy();
    this.stream?.socket?.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
