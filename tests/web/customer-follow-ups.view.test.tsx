import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { FollowUpMessage } from '../../contracts/tasks';
import { formFollowUp } from '../../machines/task-form/task-form.paths';
import { customer } from './support/customer-fixtures';
import {
  type CustomersServerOptions,
  fakeCustomersServer,
  settleCustomers,
  withCustomerPagesPreloaded,
} from './support/customers-api';
import { ok, settleQueries } from './support/fake-api';
import { openSignedIn } from './support/signed-in';
import { toastTitle } from './support/tasks-api';
import { notConnectedCustomer } from './support/whatsapp-sending-api';

const maria = customer({ id: 'c-maria', name: 'Maria Silva' });

type CustomerFollowUp = FollowUpMessage & { taskTitle: string | null };

function followUp(overrides: Partial<CustomerFollowUp> = {}): CustomerFollowUp {
  return {
    ...formFollowUp({ id: 'f-1', taskId: 't-1', scheduledFor: new Date(2030, 0, 15, 10, 0).toISOString() }),
    message: 'Oi, Maria! Conseguiu ver o orçamento?',
    taskTitle: 'Cobrar orçamento',
    ...overrides,
  };
}

async function open(sending: CustomersServerOptions['sending']) {
  const server = fakeCustomersServer({ customers: [maria], sending });
  const app = openSignedIn('/customers/c-maria', { routes: [server.routes] });
  await settleCustomers(server);
  await settleQueries();
  return { server, app };
}

const block = () => screen.getByRole('region', { name: 'Follow-ups' });

describe("the customer page's follow-ups", () => {
  withCustomerPagesPreloaded();

  test('each pending follow-up: its task, status, text, time and what to do about a problem', async () => {
    await open({
      followUps: ok({
        items: [
          followUp(),
          followUp({
            id: 'f-2',
            taskId: 't-2',
            taskTitle: 'Lembrar da entrega',
            status: 'failed',
            problem: { code: '131026', text: 'O número pode não ter WhatsApp.', actions: ['check_number'] },
          }),
        ],
      }),
    });
    const items = within(block()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Cobrar orçamento' }).getAttribute('href')).toBe(
      '/tasks/t-1',
    );
    expect(within(items[0]!).getByText('Agendada para 15/01/2030 às 10:00')).toBeDefined();
    expect(within(items[1]!).getByText('Falhou')).toBeDefined();
    expect(within(items[1]!).getByText('O número pode não ter WhatsApp.')).toBeDefined();
    expect(within(items[1]!).getByRole('link', { name: 'Conferir número' }).getAttribute('href')).toBe(
      '/customers/c-maria/edit',
    );
  });

  test('paused by a reply from the phone: the banner, and "Retomar follow-ups" resumes them', async () => {
    const paused = { ...notConnectedCustomer, followUpsPausedAt: new Date().toISOString() };
    const { server } = await open({ whatsapp: ok(paused) });
    expect(
      within(block()).getByText(
        'Você respondeu pelo celular: os follow-ups automáticos deste cliente estão pausados.',
      ),
    ).toBeDefined();
    server.sending.resume.always(ok({ whatsapp: notConnectedCustomer, resumed: 2 }));
    server.sending.whatsapp.always(ok(notConnectedCustomer));
    await userEvent.click(within(block()).getByRole('button', { name: 'Retomar follow-ups' }));
    await settleQueries();
    expect(server.sending.resume.paths).toEqual(['/api/customers/c-maria/follow-ups/resume']);
    expect(within(block()).queryByRole('button', { name: 'Retomar follow-ups' })).toBeNull();
  });

  test('a number WhatsApp cannot deliver to: a warning with the way to check it', async () => {
    await open({ whatsapp: ok({ ...notConnectedCustomer, undeliverable: true }) });
    const warning = within(block()).getByRole('alert');
    expect(warning.textContent).toContain('este número não recebe mensagens');
    expect(within(warning).getByRole('link', { name: 'Conferir número' }).getAttribute('href')).toBe(
      '/customers/c-maria/edit',
    );
  });

  test('"Enviar agora" on an expired one: busy while the server is asked, then where the server put it', async () => {
    const expired = followUp({
      status: 'expired',
      problem: { code: 'EXPIRED', text: 'Não foi enviada.', actions: ['send_now', 'reschedule'] },
    });
    const { server } = await open({ followUps: ok({ items: [expired] }) });
    await userEvent.click(within(block()).getByRole('button', { name: 'Enviar agora' }));
    await settleQueries();
    const busy = within(block()).getByRole('button', { name: 'Enviando...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    const scheduled = followUp({ status: 'scheduled' });
    server.sending.followUps.always(ok({ items: [scheduled] }));
    server.sending.sendNow.answer(ok({ followUpMessage: scheduled }));
    await settleQueries();
    expect(server.sending.sendNow.paths).toEqual(['/api/followup/f-1/send-now']);
    expect(toastTitle('follow-up-f-1')).toBe('Mensagem na fila para envio.');
    expect(within(block()).getByText('Agendada para 15/01/2030 às 10:00')).toBeDefined();
    expect(within(block()).queryByRole('button', { name: 'Enviar agora' })).toBeNull();
  });

  test('no "Enviar agora" the server would refuse: a follow-up that failed after it went out', async () => {
    await open({
      followUps: ok({
        items: [
          followUp({
            status: 'failed',
            sentAt: new Date(2030, 0, 15, 10, 0).toISOString(),
            problem: { code: 'FAILED', text: 'O WhatsApp não entregou a mensagem.', actions: ['send_now'] },
          }),
        ],
      }),
    });
    expect(within(block()).getByText('O WhatsApp não entregou a mensagem.')).toBeDefined();
    expect(within(block()).queryByRole('button', { name: 'Enviar agora' })).toBeNull();
  });

  test('nothing pending says so', async () => {
    await open({});
    expect(within(block()).getByText('Nenhum follow-up pendente para este cliente.')).toBeDefined();
  });
});
