import { expect } from 'vitest';
import { type FakeRoutes, HeldCalls, type Reply, settleQueries } from './fake-api';

/**
 * A page's calls by contract (method and `:param` url): each held until the test answers it.
 * `routes` answers those calls and leaves the rest to other fakes.
 */
export function heldContractRoutes<C extends string>(
  contracts: Record<C, { method: string; url: string }>,
): { calls: Record<C, HeldCalls>; routes: FakeRoutes } {
  const names = Object.keys(contracts) as C[];
  const calls = Object.fromEntries(names.map((call) => [call, new HeldCalls()])) as Record<C, HeldCalls>;
  const matchers = names.map((call) => ({
    call,
    method: contracts[call].method,
    pattern: new RegExp(`^${contracts[call].url.replace(/:[A-Za-z]+/g, '[^/]+')}$`),
  }));
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    const match = matchers.find((m) => m.method === request.method && m.pattern.test(pathname));
    return match ? calls[match.call].receive(request) : undefined;
  };
  return { calls, routes };
}

/**
 * A path step's answer to the call it names, once the page has made it: the chart's output inside
 * the envelope (`data` shapes it as the contract's data), or the refusal as planned.
 */
export async function answerPlannedCall(
  held: HeldCalls,
  action: { call: string; status: number; body: unknown },
  data: (output: unknown) => unknown,
): Promise<void> {
  for (let round = 0; round < 100 && held.pending === 0; round++) await settleQueries(1);
  const reply: Reply =
    action.status < 300
      ? { status: action.status, body: { success: true, data: data(action.body) } }
      : { status: action.status, body: action.body };
  expect(held.answer(reply), `a ${action.call} call waited`).toBe(1);
  await settleQueries();
}
