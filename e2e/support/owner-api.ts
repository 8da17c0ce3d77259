import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';

/** Calls the real API as the signed-in owner of `page` (its access-token cookie), as the app does. */
export type ApiCall = <T = unknown>(method: string, url: string, body?: unknown) => Promise<T>;

export function apiOf(page: Page, baseURL: string): ApiCall {
  return async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const cookies = await page.context().cookies(baseURL);
    const token = cookies.find((cookie) => cookie.name === 'access_token')?.value;
    if (!token) throw new Error('no access_token cookie: is the account signed in?');
    const res = await page.request.fetch(new URL(url, baseURL).toString(), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
      },
      ...(body === undefined ? {} : { data: body }),
    });
    const answer = (await res.json()) as { success: boolean; data?: T; error?: string };
    if (!res.ok() || !answer.success)
      throw new Error(`${method} ${url}: ${res.status()} ${answer.error ?? ''}`);
    return answer.data as T;
  };
}
