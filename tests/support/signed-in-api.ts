import { afterAll, beforeAll } from 'vitest';
import type { Issue } from '../../contracts/envelope';
import type { Db } from '../../server/db/types';
import { createTestAccount, sessionHeadersFor, type TestAccount } from './auth';
import { startTestServer, type TestServer } from './server';
import { startedInBeforeAll } from './started-in-before-all';

/** An answer as a caller reads it: the envelope, loosely, so failures can be asserted field by field. */
export interface Answer<T> {
  status: number;
  headers: Headers;
  body: { success: boolean; data: T; error?: string; code?: string; issues?: Issue[] };
}

export interface SignedInApi {
  get<T = unknown>(path: string): Promise<Answer<T>>;
  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer<T>>;
  put<T = unknown>(path: string, body?: unknown): Promise<Answer<T>>;
  delete<T = unknown>(path: string): Promise<Answer<T>>;
}

/** JSON calls to the server at `url` as the web client makes them for a signed-in person. */
export function signedInApi(url: string, tokens: { accessToken: string }): SignedInApi {
  const call = async <T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...sessionHeadersFor({ accessToken: tokens.accessToken }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Answer<T>['body'],
    };
  };
  return {
    get: (path) => call('GET', path),
    post: (path, body, headers) => call('POST', path, body, headers),
    put: (path, body) => call('PUT', path, body),
    delete: (path) => call('DELETE', path),
  };
}

export interface Subscriber {
  account: TestAccount;
  companyId: string;
  api: SignedInApi;
}

/** A new account whose own company has a current subscription, and its calls to `server`. */
export async function newSubscriber(server: { db: Db; url: string }): Promise<Subscriber> {
  const account = await createTestAccount(server.db, { subscription: 'active' });
  return { account, companyId: account.companyId!, api: signedInApi(server.url, account) };
}

/**
 * The usual set-up of a file of API tests: the real server started before them (closed after) and a
 * subscriber of it, read once they exist (inside tests, not at import time).
 */
export function withSubscriberServer(): { readonly server: TestServer; readonly owner: Subscriber } {
  let server: TestServer | undefined;
  let owner: Subscriber | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    owner = await newSubscriber(server);
  });
  afterAll(() => server?.close());
  const started = startedInBeforeAll('withSubscriberServer');
  return {
    get server() {
      return started(server);
    },
    get owner() {
      return started(owner);
    },
  };
}
