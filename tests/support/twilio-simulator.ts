import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the simulator accepted, as Twilio would have received it. */
export interface ReceivedSms {
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

export interface TwilioSimulator {
  /** `http://127.0.0.1:<port>`: TWILIO_API_BASE. */
  url: string;
  accountSid: string;
  authToken: string;
  received: ReceivedSms[];
  /** The next request gets this answer instead (a Twilio-shaped error), once. */
  failNext(status: number, error: { code: number; message: string }): void;
  close(): Promise<void>;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * Twilio's Messages API (2010-04-01) on a local port, as far as sending one SMS goes: HTTP Basic auth
 * with the Account SID and auth token, a form-encoded POST to
 * /2010-04-01/Accounts/{AccountSid}/Messages.json, 201 with the message resource, errors as
 * `{ code, message, more_info, status }`.
 */
export async function startTwilioSimulator(): Promise<TwilioSimulator> {
  const accountSid = `AC${hex(16)}`;
  const authToken = hex(16);
  const received: ReceivedSms[] = [];
  const failures: { status: number; error: { code: number; message: string } }[] = [];

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: number, message: string) =>
    answer(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
    if (req.method !== 'POST' || req.url !== path)
      return error(res, 404, 20404, 'The requested resource was not found');

    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return error(res, 401, 20003, 'Authenticate');
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return error(res, 400, 20001, 'Content-Type must be application/x-www-form-urlencoded');
    }
    const failure = failures.shift();
    if (failure) return error(res, failure.status, failure.error.code, failure.error.message);

    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To');
    const from = form.get('From');
    const messagingServiceSid = form.get('MessagingServiceSid');
    const body = form.get('Body');
    if (!to) return error(res, 400, 21604, "A 'To' phone number is required.");
    if (!/^\+[1-9][0-9]{6,14}$/.test(to)) return error(res, 400, 21211, `Invalid 'To' Phone Number: ${to}`);
    if (!from && !messagingServiceSid) {
      return error(res, 400, 21603, "A 'From' phone number or a 'MessagingServiceSid' is required.");
    }
    if (!body) return error(res, 400, 21602, 'Message body is required.');

    received.push({ to, from, messagingServiceSid, body });
    const sid = `SM${hex(16)}`;
    const now = new Date().toUTCString();
    return answer(res, 201, {
      sid,
      account_sid: accountSid,
      to,
      from,
      messaging_service_sid: messagingServiceSid,
      body,
      status: messagingServiceSid ? 'accepted' : 'queued',
      num_segments: '1',
      num_media: '0',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      price: null,
      price_unit: 'USD',
      error_code: null,
      error_message: null,
      date_created: now,
      date_updated: now,
      date_sent: null,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    received,
    failNext: (status, err) => failures.push({ status, error: err }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
