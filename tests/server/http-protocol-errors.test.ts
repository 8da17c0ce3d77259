import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 11: requests Node's HTTP parser refuses before any route sees them (a bad or negative
 * Content-Length, Content-Length beside chunked encoding, headers too large, a malformed request
 * line) are answered in the envelope too, with a status that says what was wrong, and the
 * connection is closed. Sent over raw sockets: no HTTP client would send these.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` as is and reads what comes back until the server closes the connection. */
function rawRequest(request: string): Promise<RawAnswer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(request);
  });
}

const post = (headers: string, body = '') =>
  `POST /api/client-errors HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${headers}\r\n${body}`;

const cases: [string, string, number, string][] = [
  ['a negative Content-Length', post('Content-Length: -1\r\n'), 400, 'headers.content-length'],
  ['a Content-Length that is not a number', post('Content-Length: abc\r\n'), 400, 'headers.content-length'],
  [
    'two different Content-Lengths',
    post('Content-Length: 2\r\nContent-Length: 3\r\n', '{}'),
    400,
    'headers.content-length',
  ],
  [
    'Content-Length beside chunked Transfer-Encoding',
    post('Content-Length: 2\r\nTransfer-Encoding: chunked\r\n', '2\r\n{}\r\n0\r\n\r\n'),
    400,
    'headers.transfer-encoding',
  ],
  ['a malformed request line', 'GARBAGE\r\n\r\n', 400, ''],
  [
    'a header with a character headers may not carry',
    post('X-Note: a\u0000b\r\nContent-Length: 0\r\n'),
    400,
    'headers',
  ],
  ['an HTTP/1.1 request without Host', 'GET /api/health HTTP/1.1\r\n\r\n', 400, 'headers.host'],
  ['a request line with a space in the address', 'GET /api/a b HTTP/1.1\r\nHost: a\r\n\r\n', 400, ''],
  ['a malformed chunked body', post('Transfer-Encoding: chunked\r\n', 'zz\r\n'), 400, ''],
  [
    'headers larger than the server reads',
    `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
    431,
    'headers',
  ],
];

describe.each(cases)('%s', (_name, request, status, path) => {
  it(`answers ${status} in the envelope and closes the connection`, async () => {
    const answer = await rawRequest(request);
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    expect(body).toEqual({
      success: false,
      error: expect.stringMatching(/\S/),
      code: status === 431 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_ERROR',
      ...(status === 400 && { issues: [{ path, message: expect.stringMatching(/\S/) }] }),
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(answer.headers['x-request-id']).toBe(body.requestId);
  });
});

it('a URL parameter longer than the router reads is a 414 in the envelope', async () => {
  const response = await fetch(`${server.url}/api/tasks/${'a'.repeat(600)}`);
  expect(response.status).toBe(414);
  expect(await response.json()).toEqual({
    success: false,
    error: 'Endereço da requisição longo demais.',
    code: 'VALIDATION_ERROR',
    requestId: expect.any(String),
  });
});

it('Fastify’s own 400s say where the problem is, like every other 400', async () => {
  const send = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  for (const [response, path] of [
    [await send('/api/client-errors', '{"message":'), ''],
    [await send('/api/client-errors', ''), ''],
    [await fetch(`${server.url}/api/tasks/%E0%A4%A`), 'url'],
  ] as const) {
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; issues: unknown };
    expect(body.issues).toEqual([{ path, message: body.error }]);
  }
});
