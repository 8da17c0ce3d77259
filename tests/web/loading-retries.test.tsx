import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { OFFLINE_TEXT, UNREACHABLE_TEXT } from '../../src/api/error-text';
import { createQueryClient } from '../../src/lib/cache/query-client';
import { customer, customersPage } from './support/customer-fixtures';
import { FAKE_CLOCK, failed, HeldCalls, ok, type Reply, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

/**
 * A page loading its data with the app's own retry rule (spec §9: 3 retries, 1 s, 2 s, 4 s apart):
 * after the first failure it says it is trying again, which try of how many, and why, and lets the
 * user try at once; offline, it says it waits for the connection.
 */
function openCustomers(answer?: Reply) {
  const list = new HeldCalls(answer);
  const app = openSignedIn('/customers', {
    queryClient: createQueryClient(),
    routes: [
      (request) => (new URL(request.url).pathname === '/api/customers' ? list.receive(request) : undefined),
    ],
  });
  return { ...app, list };
}

const status = () => screen.getAllByRole('status').map((element) => element.textContent);
/**
 * Time passes on the fake clock, then a frame more: a timer of 0 ms set during a tick is due 1 ms
 * later on the fake clock, and TanStack Query tells its observers on such timers.
 */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.advanceTimersByTimeAsync(16));
  await settleQueries();
}

describe('a page whose data does not come at first (spec §9 retries)', () => {
  withPagesPreloaded();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK] });
    // user-event drains each action with a setTimeout(0) it advances only on Jest's fake timers.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('the first attempt shows the page’s own loading text; each retry says which, and why', async () => {
    const app = openCustomers();
    await settleQueries();
    expect(status()).toContain('Carregando clientes...');
    expect(screen.queryByRole('button', { name: 'Tentar agora' })).toBeNull();

    app.list.answer('network-error');
    await settleQueries();
    expect(status()).toContain(
      `Não foi possível carregar. Tentando de novo (1 de 3)…${UNREACHABLE_TEXT}Tentar agora`,
    );

    await wait(1000);
    app.list.answer(failed(503, 'Serviço em manutenção. Volte em alguns minutos.'));
    await settleQueries();
    expect(screen.getByText('Não foi possível carregar. Tentando de novo (2 de 3)…')).toBeDefined();
    expect(screen.getByText('Serviço em manutenção. Volte em alguns minutos.')).toBeDefined();

    await wait(2000);
    app.list.answer('network-error');
    await settleQueries();
    expect(screen.getByText('Não foi possível carregar. Tentando de novo (3 de 3)…')).toBeDefined();

    await wait(4000);
    expect(app.list.requests).toHaveLength(4);
    app.list.answer('network-error');
    await settleQueries();
    // The retries are spent: the error view, in pt-BR, with its own way to try again.
    expect(screen.getByRole('alert').textContent).toBe(UNREACHABLE_TEXT);
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeDefined();
    expect(screen.queryByText(/Tentando de novo/)).toBeNull();
  });

  test('"Tentar agora" asks again at once instead of waiting out the retry, and starts the count over', async () => {
    const app = openCustomers('network-error');
    await settleQueries();
    expect(screen.getByText('Não foi possível carregar. Tentando de novo (1 de 3)…')).toBeDefined();
    expect(app.list.requests).toHaveLength(1);

    app.list.always(undefined);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('button', { name: 'Tentar agora' }));
    await settleQueries();
    // No time passed, yet the list was asked again; that attempt is the first of a new round.
    expect(app.list.requests).toHaveLength(2);
    expect(status()).toContain('Carregando clientes...');

    app.list.answer(ok(customersPage([customer({ name: 'Beatriz Lima' })])));
    await settleQueries();
    expect(screen.getByText('Beatriz Lima')).toBeDefined();
    // The retry it skipped does not come later.
    await wait(10_000);
    expect(app.list.requests).toHaveLength(2);
  });

  test('offline, the page says it waits for the connection, and loads when it comes back', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const app = openCustomers('network-error');
    await settleQueries();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await wait(1000);
    expect(status()).toContain('Você está sem internet. Assim que a conexão voltar, continuamos a carregar.');
    expect(screen.queryByRole('button', { name: 'Tentar agora' })).toBeNull();
    const asked = app.list.requests.length;
    await wait(30_000);
    expect(app.list.requests).toHaveLength(asked);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    app.list.always(ok(customersPage([customer({ name: 'Carla Dias' })])));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await settleQueries();
    expect(screen.getByText('Carla Dias')).toBeDefined();
  });

  test('a failed first attempt while offline already says so', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    openCustomers('network-error');
    await settleQueries();
    expect(screen.getByText(OFFLINE_TEXT)).toBeDefined();
  });
});
