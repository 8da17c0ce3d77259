import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import {
  BLOCKLIST_DUPLICATE_TEXT,
  BLOCKLIST_NAME_REQUIRED_TEXT,
  BLOCKLIST_PHONE_MAX_TEXT,
  BLOCKLIST_PHONE_MIN_TEXT,
  type BlocklistEntry,
} from '../../contracts/blocklist';
import { type FakeRoutes, failed, HeldCalls, ok, type Reply, settleQueries } from './support/fake-api';
import { errorBeside } from './support/field-error';
import { withHomePagesPreloaded } from './support/home-api';
import { openSignedIn } from './support/signed-in';

const path = '/settings/whatsapp-business-connection/blocklist';
const url = '/api/settings/whatsapp/blocklist';

function entry(overrides: Partial<BlocklistEntry> = {}): BlocklistEntry {
  return {
    id: 'b-1',
    name: 'Spam da Silva',
    phoneNumber: '11987654321',
    createdAt: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

/** GET, POST and DELETE of the blocklist, each held until the test answers, or with a standing reply. */
function fakeBlocklistRoutes(standing: { load?: Reply; add?: Reply; remove?: Reply }) {
  const load = new HeldCalls(standing.load);
  const add = new HeldCalls(standing.add);
  const remove = new HeldCalls(standing.remove);
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === url && request.method === 'GET') return load.receive(request);
    if (pathname === url && request.method === 'POST') return add.receive(request);
    if (pathname.startsWith(`${url}/`) && request.method === 'DELETE') return remove.receive(request);
    return undefined;
  };
  return { load, add, remove, routes };
}

async function openBlocklist(standing: Parameters<typeof fakeBlocklistRoutes>[0] = {}) {
  const blocklist = fakeBlocklistRoutes({ load: ok([entry()]), ...standing });
  const app = openSignedIn(path, { routes: [blocklist.routes] });
  await settleQueries();
  if (standing.load !== undefined || !('load' in standing)) {
    await vi.waitFor(() =>
      expect(document.querySelector('.blocklist, .blocklist-empty, .card--start')).not.toBeNull(),
    );
  }
  return { ...app, blocklist };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('/settings/whatsapp-business-connection/blocklist (spec §2): Contatos ignorados', () => {
  withHomePagesPreloaded([path, '/settings']);

  test('the entries with their numbers formatted', async () => {
    await openBlocklist({
      load: ok([entry(), entry({ id: 'b-2', name: 'Telemarketing', phoneNumber: '2134567890' })]),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Contatos ignorados');
    const rows = within(screen.getByRole('list', { name: 'Contatos ignorados' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Spam da Silva(11) 98765-4321'),
      expect.stringContaining('Telemarketing(21) 3456-7890'),
    ]);
  });

  test('an empty list says so', async () => {
    await openBlocklist({ load: ok([]) });
    expect(screen.getByText(/Nenhum contato ignorado/)).toBeDefined();
    expect(screen.queryByRole('list', { name: 'Contatos ignorados' })).toBeNull();
  });

  test('it cannot be loaded: its own error screen and a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = await openBlocklist({ load: failed(500, 'Falha interna.') });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe(
      'Erro ao carregar lista de contatos ignorados',
    );
    expect(screen.queryByRole('button', { name: 'Adicionar' })).toBeNull();
    app.blocklist.load.always(ok([entry()]));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await settleQueries();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Spam da Silva')).toBeDefined();
  });

  test('the spec’s checks before anything is sent', async () => {
    const app = await openBlocklist();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(errorBeside('Nome')).toBe(BLOCKLIST_NAME_REQUIRED_TEXT);
    expect(errorBeside('WhatsApp')).toBe(BLOCKLIST_PHONE_MIN_TEXT);
    expect(document.activeElement).toBe(input('Nome'));
    await userEvent.type(input('Nome'), 'Ana');
    await userEvent.type(input('WhatsApp'), '119876');
    expect(input('WhatsApp').value).toBe('(11) 9876');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(errorBeside('Nome')).toBeNull();
    expect(errorBeside('WhatsApp')).toBe(BLOCKLIST_PHONE_MIN_TEXT);
    expect(app.blocklist.add.requests).toHaveLength(0);
  });

  test('a 400’s issue lands beside the field it names', async () => {
    const app = await openBlocklist({
      add: failed(400, 'Dados inválidos.', 'VALIDATION_ERROR', [
        { path: 'phoneNumber', message: BLOCKLIST_PHONE_MAX_TEXT },
      ]),
    });
    await userEvent.type(input('Nome'), 'Ana');
    await userEvent.type(input('WhatsApp'), '11987654321');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    await settleQueries();
    expect(app.blocklist.add.requests).toHaveLength(1);
    expect(errorBeside('WhatsApp')).toBe(BLOCKLIST_PHONE_MAX_TEXT);
  });

  test('adds: the masked number sent, the list and a toast updated, the fields emptied', async () => {
    const app = await openBlocklist({ add: undefined });
    await userEvent.type(input('Nome'), 'Bia Lima');
    await userEvent.type(input('WhatsApp'), '21912345678');
    expect(input('WhatsApp').value).toBe('(21) 91234-5678');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    await settleQueries();
    expect(await app.blocklist.add.requests[0]!.clone().json()).toEqual({
      name: 'Bia Lima',
      phoneNumber: '21912345678',
    });
    expect(screen.getByRole('button', { name: 'Adicionando...' }).hasAttribute('disabled')).toBe(true);
    const added = entry({ id: 'b-2', name: 'Bia Lima', phoneNumber: '21912345678' });
    app.blocklist.load.always(ok([added, entry()]));
    app.blocklist.add.answer(ok(added, 201));
    await settleQueries();
    expect(screen.getByText('(21) 91234-5678')).toBeDefined();
    expect(document.body.textContent).toContain('Bia Lima adicionado aos contatos ignorados.');
    expect(input('Nome').value).toBe('');
    expect(input('WhatsApp').value).toBe('');
  });

  test('a number already on the list: the server’s 409 beside the phone', async () => {
    await openBlocklist({
      add: failed(409, BLOCKLIST_DUPLICATE_TEXT, 'BLOCKLIST_DUPLICATE', [
        { path: 'phoneNumber', message: BLOCKLIST_DUPLICATE_TEXT },
      ]),
    });
    await userEvent.type(input('Nome'), 'Outro');
    await userEvent.type(input('WhatsApp'), '1187654321');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    await settleQueries();
    expect(errorBeside('WhatsApp')).toBe(BLOCKLIST_DUPLICATE_TEXT);
  });

  test('removes after asking; a failure stays beside the question, cancel keeps the entry', async () => {
    const app = await openBlocklist({ remove: failed(500, 'Não foi possível remover.') });
    await userEvent.click(
      screen.getByRole('button', { name: 'Remover Spam da Silva dos contatos ignorados' }),
    );
    const question = screen.getByRole('group', { name: 'Remover Spam da Silva?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('group', { name: 'Remover Spam da Silva?' })).toBeNull();
    expect(app.blocklist.remove.requests).toHaveLength(0);

    await userEvent.click(
      screen.getByRole('button', { name: 'Remover Spam da Silva dos contatos ignorados' }),
    );
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Remover Spam da Silva?' })).getByRole('button', {
        name: 'Remover',
      }),
    );
    await settleQueries();
    expect(app.blocklist.remove.requests.map((r) => new URL(r.url).pathname)).toEqual([`${url}/b-1`]);
    expect(screen.getByRole('alert').textContent).toBe('Não foi possível remover.');

    app.blocklist.remove.always(ok({ deleted: true }));
    app.blocklist.load.always(ok([]));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Remover Spam da Silva?' })).getByRole('button', {
        name: 'Remover',
      }),
    );
    await settleQueries();
    expect(document.body.textContent).toContain('Spam da Silva removido dos contatos ignorados.');
    expect(screen.getByText(/Nenhum contato ignorado/)).toBeDefined();
  });
});
