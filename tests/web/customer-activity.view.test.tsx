import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { ActivityAction, ActivityDetails, ActivityEvent } from '../../contracts/activity';
import { customer } from './support/customer-fixtures';
import {
  type CustomersServerOptions,
  fakeCustomersServer,
  settleCustomers,
  withCustomerPagesPreloaded,
} from './support/customers-api';
import { failed } from './support/fake-api';
import { openSignedIn } from './support/signed-in';

const maria = customer({ id: 'c-maria', name: 'Maria Silva' });
const ana = { userId: 'u-ana', name: 'Ana' };
const bruno = { userId: 'u-bruno', name: 'Bruno' };

function line(
  id: string,
  action: ActivityAction,
  details: ActivityDetails,
  actor: ActivityEvent['actor'] = ana,
  at = new Date(2030, 10, 12, 10, 0).toISOString(),
): ActivityEvent {
  const onTask = action.startsWith('task.');
  const onDeal = action.startsWith('deal.');
  return {
    id,
    action,
    actor,
    at,
    taskId: onTask ? 't-1' : null,
    dealId: onDeal ? 'd-1' : null,
    customerId: 'c-maria',
    details,
  };
}

/** `count` lines "Tarefa “Tarefa N”: Criada por Ana", newest first. */
function manyLines(count: number): ActivityEvent[] {
  return Array.from({ length: count }, (_, i) =>
    line(`a-${i + 1}`, 'task.created', { title: `Tarefa ${i + 1}` }),
  );
}

async function open(options: Omit<CustomersServerOptions, 'customers'> = {}) {
  const server = fakeCustomersServer({ customers: [maria], ...options });
  openSignedIn('/customers/c-maria', { routes: [server.routes] });
  await settleCustomers(server);
  return server;
}

const card = () => screen.getByRole('region', { name: 'Atividade' });
const lines = () =>
  [...within(card()).getByRole('list', { name: 'Atividade do cliente' }).querySelectorAll('li')].map(
    (item) => item.textContent,
  );

describe("the customer page's activity", () => {
  withCustomerPagesPreloaded();

  test('who did what about the customer, their tasks and deals, newest first, each naming what it is about', async () => {
    const server = await open({
      activity: {
        'c-maria': [
          line('a-3', 'message.sent', { via: 'reply' }, bruno, new Date(2030, 10, 13, 16, 30).toISOString()),
          line('a-2', 'deal.moved', { title: 'Bolo de casamento', toStage: 'Proposta' }),
          line('a-1', 'task.completed', { title: 'Cobrar orçamento' }, null),
        ],
      },
    });
    expect(server.activity.paths).toEqual(['/api/customers/c-maria/activity']);
    expect(lines()).toEqual([
      'Mensagem enviada por Bruno em 13/11 às 16:30',
      'Venda “Bolo de casamento”: Movida para Proposta por Ana em 12/11 às 10:00',
      'Tarefa “Cobrar orçamento”: Concluída em 12/11 às 10:00',
    ]);
    expect(within(card()).queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  test('nothing yet: "Nenhuma atividade ainda."', async () => {
    await open();
    expect(within(card()).getByText('Nenhuma atividade ainda.')).toBeDefined();
    expect(within(card()).queryByRole('list')).toBeNull();
  });

  test('"Carregar mais" asks for the lines after the last page\'s cursor and adds them below', async () => {
    const server = await open({ activity: { 'c-maria': manyLines(5) }, activityPageSize: 2 });
    expect(lines()).toHaveLength(2);
    await userEvent.click(within(card()).getByRole('button', { name: 'Carregar mais' }));
    await settleCustomers(server);
    await userEvent.click(within(card()).getByRole('button', { name: 'Carregar mais' }));
    await settleCustomers(server);
    expect(server.activity.queries).toEqual([{}, { cursor: '2' }, { cursor: '4' }]);
    expect(lines().map((text) => text?.split(':')[0])).toEqual([
      'Tarefa “Tarefa 1”',
      'Tarefa “Tarefa 2”',
      'Tarefa “Tarefa 3”',
      'Tarefa “Tarefa 4”',
      'Tarefa “Tarefa 5”',
    ]);
    expect(within(card()).queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  test('its own load error, the rest of the page shown; "Tentar novamente" loads it', async () => {
    const server = fakeCustomersServer({ customers: [maria], activity: { 'c-maria': manyLines(1) } });
    server.activity.always(failed(500, 'Não foi possível carregar a atividade.'));
    openSignedIn('/customers/c-maria', { routes: [server.routes] });
    await settleCustomers(server);
    expect(within(card()).getByRole('alert').textContent).toBe('Não foi possível carregar a atividade.');
    expect(screen.getByRole('heading', { level: 1, name: 'Maria Silva' })).toBeDefined();
    expect(screen.getByRole('region', { name: 'Dados do cliente' })).toBeDefined();
    server.activity.always(server.activityPages);
    await userEvent.click(within(card()).getByRole('button', { name: 'Tentar novamente' }));
    await settleCustomers(server);
    expect(within(card()).queryByRole('alert')).toBeNull();
    expect(lines()).toEqual(['Tarefa “Tarefa 1”: Criada por Ana em 12/11 às 10:00']);
  });

  test('a page after the first that fails keeps the lines shown and retries that page', async () => {
    const server = await open({ activity: { 'c-maria': manyLines(3) }, activityPageSize: 2 });
    server.activity.always(failed(503, 'Não foi possível carregar a atividade.'));
    await userEvent.click(within(card()).getByRole('button', { name: 'Carregar mais' }));
    await settleCustomers(server);
    expect(lines()).toHaveLength(2);
    expect(within(card()).getByRole('alert').textContent).toBe('Não foi possível carregar a atividade.');
    server.activity.always(server.activityPages);
    await userEvent.click(within(card()).getByRole('button', { name: 'Tentar novamente' }));
    await settleCustomers(server);
    expect(server.activity.queries).toEqual([{}, { cursor: '2' }, { cursor: '2' }]);
    expect(lines()).toHaveLength(3);
    expect(within(card()).queryByRole('alert')).toBeNull();
  });
});
