import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, with just enough MIME decoding to assert on. */
export interface ReceivedMail {
  /** The envelope (MAIL FROM, RCPT TO), which may differ from the headers. */
  mailFrom: string;
  rcptTo: string[];
  raw: string;
  /** Header name (lower case) → value, unfolded and with encoded words decoded. */
  headers: Map<string, string>;
  /** The text/plain part, transfer encoding undone. */
  text: string;
  /** The text/html part, if any. */
  html: string | undefined;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>: plain SMTP, no STARTTLS, no authentication. */
  url: string;
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** Answer RCPT TO with this code and text instead of accepting (e.g. 550 for an unknown mailbox). */
  rejectRecipient?: (address: string) => { code: number; message: string } | undefined;
}

/** A real SMTP server (the smtp-server package) on a free port of 127.0.0.1 that keeps what it receives. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const rejection = options.rejectRecipient?.(address.address);
      if (!rejection) return callback();
      callback(Object.assign(new Error(rejection.message), { responseCode: rejection.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseMail(raw: string, mailFrom: string, rcptTo: string[]): ReceivedMail {
  const { headers, body } = splitEntity(raw);
  const parts = leafParts(headers, body);
  const part = (type: string) => parts.find((p) => (p.headers.get('content-type') ?? '').startsWith(type));
  const text = part('text/plain');
  const html = part('text/html');
  return {
    mailFrom,
    rcptTo,
    raw,
    headers,
    text: text ? decodeBody(text) : '',
    html: html ? decodeBody(html) : undefined,
  };
}

interface Entity {
  headers: Map<string, string>;
  body: string;
}

function splitEntity(raw: string): Entity {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body: end === -1 ? '' : raw.slice(end + 4) };
}

function leafParts(headers: Map<string, string>, body: string): Entity[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((chunk) => {
      const entity = splitEntity(chunk.replace(/^\r\n/, ''));
      return leafParts(entity.headers, entity.body);
    });
}

function decodeBody({ headers, body }: Entity): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const trimmed = body.replace(/\r\n$/, '');
  if (encoding === 'base64') return Buffer.from(trimmed, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    return qpBytes(trimmed.replace(/=\r\n/g, '')).toString('utf8');
  }
  return trimmed;
}

function qpBytes(value: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value[i] === '=' ? value.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(value[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=); whitespace between two of them is dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_all, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : qpBytes(data.replace(/_/g, ' ')).toString('utf8'),
    );
}
