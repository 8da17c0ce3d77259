import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { IMPORT_BATCH_MAX_ROWS, IMPORT_MAX_ROWS, type ImportBatchBody } from '../../contracts/customers';
import { UNREACHABLE_TEXT } from '../../src/api/error-text';
import {
  AGAIN_WARNING,
  IMPORTED_BEFORE_TITLE,
  LOOKUP_FAILED_TEXT,
  RESUME_HINT,
  STARTED_BEFORE_TITLE,
} from '../../src/features/customers/import/ImportWizard';
import { formatDateTime } from '../../src/lib/format/date';
import { capturedDownloads } from './support/captured-downloads';
import { customer } from './support/customer-fixtures';
import { fakeCustomersServer, settleCustomers, withCustomerPagesPreloaded } from './support/customers-api';
import { failed } from './support/fake-api';
import { openSignedIn } from './support/signed-in';

// Whole-app renders: a loaded machine (the suite runs two files at a time) needs more than 5 s.
vi.setConfig({ testTimeout: 15_000 });

const ana = customer({ id: 'c-ana', name: 'Ana Souza', phone: '5511987654321' });

let current = fakeCustomersServer();

const settled = (check?: () => unknown) => settleCustomers(current, check);

function open(server = fakeCustomersServer({ customers: [ana] })) {
  current = server;
  const app = openSignedIn('/customers', { routes: [server.routes] });
  return { ...app, api: server };
}

/** Files as the browser hands them over; the type check of `accept` is the app's, not the picker's. */
const user = () => userEvent.setup({ applyAccept: false });

/** Latin-1 text as Windows-1252 bytes (Excel in pt-BR). */
const cp1252 = (text: string) => new Uint8Array([...text].map((char) => char.charCodeAt(0)));

const dialog = () => screen.getByRole('dialog', { name: 'Importar clientes' });
const fileInput = () => within(dialog()).getByLabelText('Arquivo de contatos') as HTMLInputElement;
const progress = () => within(dialog()).getByRole('progressbar', { name: 'Progresso da importação' });

async function openImport() {
  await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
  await settled(() => screen.queryByRole('dialog'));
  return dialog();
}

async function choose(file: File) {
  await user().upload(fileInput(), file);
  await settled();
}

function tableRows(caption: string): string[][] {
  const table = within(dialog()).getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

/** 1,201 people, Excel-style (";" and Windows-1252): row 2 has Ana's phone, 600 no name, 1201 a bad phone. */
function spreadsheet(): File {
  const lines = ['Nome;Celular;E-mail;Observações;Etiquetas'];
  for (let i = 1; i <= 1201; i++) {
    const name = i === 600 ? '' : `Pessoa ${i}`;
    const phone = i === 2 ? '(11) 98765-4321' : i === 1201 ? '123' : `119${String(10_000_000 + i)}`;
    lines.push(`${name};${phone};pessoa${i}@exemplo.com.br;Não ligar cedo;${i === 1 ? 'vip, atacado' : ''}`);
  }
  return new File([cp1252(`${lines.join('\r\n')}\r\n`)], 'clientes.csv', { type: 'text/csv' });
}

/** A Blob's text, BOM included: the app's own Blobs are the DOM's, a fetched one is the runtime's. */
async function blobText(blob: Blob): Promise<string> {
  const bytes =
    typeof blob.arrayBuffer === 'function'
      ? await blob.arrayBuffer()
      : await new Promise<ArrayBuffer>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(reader.result as ArrayBuffer);
          reader.readAsArrayBuffer(blob);
        });
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

describe('/customers: "Importar"', () => {
  withCustomerPagesPreloaded();
  const downloads = capturedDownloads();

  test('a modal dialog: focus inside and kept there, Esc closes it and gives the focus back', async () => {
    open();
    await settled();
    const sheet = await openImport();
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    expect(sheet.contains(document.activeElement)).toBe(true);

    const close = within(sheet).getByRole('button', { name: 'Fechar' });
    const cancel = within(sheet).getByRole('button', { name: 'Cancelar' });
    cancel.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(cancel);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Importar' }));
  });

  test.each([
    [
      'not CSV or vCard',
      () => new File(['x'], 'foto.png', { type: 'image/png' }),
      'Este arquivo não é CSV nem vCard. Escolha um arquivo .csv, .vcf ou .vcard.',
    ],
    [
      'larger than 5 MB',
      () => new File(['x'.repeat(5 * 1024 * 1024 + 1)], 'todos.csv'),
      'Arquivo grande demais: o limite é 5 MB. Divida a planilha em partes menores.',
    ],
    [
      `more than ${IMPORT_MAX_ROWS} rows`,
      () => new File([`Nome\n${'Fulano\n'.repeat(IMPORT_MAX_ROWS + 1)}`], 'muitos.csv'),
      'Este arquivo tem 20.001 linhas; o limite é 20.000 por importação. Divida a planilha em partes menores.',
    ],
    [
      'without contacts',
      () => new File(['Nome;Telefone\r\n'], 'vazio.csv'),
      'Nenhum contato encontrado neste arquivo.',
    ],
  ])('a file %s is refused, saying why', async (_what, file, text) => {
    const app = open();
    await settled();
    await openImport();
    await choose(file());
    expect(within(dialog()).getByRole('alert').textContent).toBe(text);
    expect(fileInput().getAttribute('aria-invalid')).toBe('true');
    expect(app.api.requests.import).toHaveLength(0);
  });

  test('end to end: preview and mapping, batches with progress, a failed batch retried, the report', async () => {
    const app = open();
    await settled();
    await openImport();
    await choose(spreadsheet());

    // The columns guessed from the headers; the preview shows what will be imported.
    const sheet = dialog();
    expect(within(sheet).getByText(/1\.201 contatos encontrados/)).toBeDefined();
    const select = (label: RegExp) => within(sheet).getByLabelText(label) as HTMLSelectElement;
    const selected = (label: RegExp) => select(label).selectedOptions[0]?.textContent;
    expect(selected(/^Nome/)).toBe('Nome');
    expect(selected(/^WhatsApp/)).toBe('Celular');
    expect(selected(/^E-mail/)).toBe('E-mail');
    expect(selected(/^Observações/)).toBe('Observações');
    expect(selected(/^Etiquetas/)).toBe('Etiquetas');
    expect(tableRows('Prévia das primeiras linhas').slice(0, 2)).toEqual([
      ['Linha', 'Nome', 'WhatsApp', 'E-mail', 'Observações', 'Etiquetas'],
      ['1', 'Pessoa 1', '11910000001', 'pessoa1@exemplo.com.br', 'Não ligar cedo', 'vip, atacado'],
    ]);
    expect(tableRows('Prévia das primeiras linhas')).toHaveLength(6);

    // The name is required.
    await userEvent.selectOptions(select(/^Nome/), 'Não importar');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Importar 1.201 contatos' }));
    expect(within(sheet).getByRole('alert').textContent).toBe('Escolha a coluna com o nome do cliente.');
    expect(app.api.requests.import).toHaveLength(0);
    await userEvent.selectOptions(select(/^Nome/), 'Nome');
    await userEvent.selectOptions(select(/^Observações/), 'Não importar');
    expect(tableRows('Prévia das primeiras linhas')[0]).toEqual([
      'Linha',
      'Nome',
      'WhatsApp',
      'E-mail',
      'Etiquetas',
    ]);

    // Batch 1 waits; batch 2 gets no answer the first time.
    const gate = app.api.hold('import');
    app.api.failNext('import', null, 'network-error');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Importar 1.201 contatos' }));
    await settled();
    expect(progress().getAttribute('aria-valuenow')).toBe('0');
    expect(progress().getAttribute('aria-valuemax')).toBe('1201');
    expect(progress().getAttribute('aria-valuetext')).toBe('0 de 1.201 linhas');
    expect(within(dialog()).getByText('Lote 1 de 3 (até 500 linhas cada).')).toBeDefined();

    gate.release();
    await settled();
    expect(progress().getAttribute('aria-valuenow')).toBe('500');
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      `O lote 2 não foi importado: ${UNREACHABLE_TEXT}`,
    );
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Tentar de novo' }));
    await settled();

    // One import id; batches in order, the failed one sent again as it was.
    const bodies = app.api.bodies.import as ImportBatchBody[];
    expect(bodies.map((b) => [b.batch, b.rows.length])).toEqual([
      [0, IMPORT_BATCH_MAX_ROWS],
      [1, 500],
      [1, 500],
      [2, 201],
    ]);
    expect(new Set(bodies.map((b) => b.importId)).size).toBe(1);
    expect(bodies[0]!.importId).toMatch(/^[0-9a-f-]{36}$/);
    expect(bodies[2]).toEqual(bodies[1]);
    // Each batch with a key of its own, the retried one with the same key again.
    const keys = app.api.requests.import.map((request) => request.headers.get('idempotency-key'));
    expect(keys[2]).toBe(keys[1]);
    expect(new Set(keys).size).toBe(3);
    expect(keys[0]).toMatch(new RegExp(`^${bodies[0]!.importId}-0-`));
    expect(bodies[0]!.rows[0]).toEqual({
      line: 1,
      name: 'Pessoa 1',
      phone: '11910000001',
      email: 'pessoa1@exemplo.com.br',
      tags: ['vip', 'atacado'],
    });

    // The report.
    expect(within(dialog()).getByText('Importação concluída')).toBeDefined();
    expect(within(dialog()).getByText('1.198 criados, 3 ignorados')).toBeDefined();
    expect(tableRows('Linhas ignoradas')).toEqual([
      ['Linha', 'Nome', 'Motivo'],
      ['2', 'Pessoa 2', 'Telefone já cadastrado (Ana Souza).'],
      ['600', '', 'Sem nome.'],
      ['1201', 'Pessoa 1201', 'Telefone inválido.'],
    ]);

    await userEvent.click(within(dialog()).getByRole('button', { name: 'Baixar relatório' }));
    expect(downloads.map((d) => d.name)).toEqual(['relatorio-importacao.csv']);
    expect(await blobText(downloads[0]!.blob)).toBe(
      '\uFEFFlinha;nome;motivo\r\n2;Pessoa 2;Telefone já cadastrado (Ana Souza).\r\n600;;Sem nome.\r\n1201;Pessoa 1201;Telefone inválido.\r\n',
    );

    // The list shows what came in.
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Concluir' }));
    await settled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('1.199 clientes')).toBeDefined();
  });

  test('the same file chosen again after a reload: what went in, when; going on sends only what is missing', async () => {
    const server = fakeCustomersServer({ customers: [ana] });
    server.failNext('import', null, 'network-error');
    const first = open(server);
    await settled();
    await openImport();
    await choose(spreadsheet());
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Importar 1.201 contatos' }));
    await settled();
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      `O lote 2 não foi importado: ${UNREACHABLE_TEXT}`,
    );
    // The page is reloaded here.
    first.unmount();

    open(server);
    await settled();
    await openImport();
    await choose(spreadsheet());
    expect(within(dialog()).getByRole('status').textContent).toBe(STARTED_BEFORE_TITLE);
    expect(
      within(dialog()).getByText(
        `Em ${formatDateTime('2030-01-14T13:05:00.000Z')}: 499 criados, 1 ignorado; 1 de 3 lotes concluídos.`,
      ),
    ).toBeDefined();
    expect(within(dialog()).getByText(RESUME_HINT)).toBeDefined();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Continuar importação' }));
    await settled();

    // The same import: the batch done is sent again and answered from the server's record.
    const bodies = server.bodies.import as ImportBatchBody[];
    expect(bodies.map((b) => b.batch)).toEqual([0, 1, 0, 1, 2]);
    expect(new Set(bodies.map((b) => b.importId)).size).toBe(1);
    expect(within(dialog()).getByText('Importação concluída')).toBeDefined();
    expect(within(dialog()).getByText('1.198 criados, 3 ignorados')).toBeDefined();
    expect(server.customers).toHaveLength(1 + 1198);

    // Chosen once more, now that it is all in: importing it again is a choice of its own.
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Importar outro arquivo' }));
    await choose(spreadsheet());
    expect(within(dialog()).getByRole('status').textContent).toBe(IMPORTED_BEFORE_TITLE);
    expect(within(dialog()).getByText(AGAIN_WARNING)).toBeDefined();
    expect(within(dialog()).queryByRole('button', { name: 'Continuar importação' })).toBeNull();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Importar de novo' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Importar 1.201 contatos' }));
    await settled();
    const again = (server.bodies.import as ImportBatchBody[]).slice(5);
    expect(again.map((b) => b.batch)).toEqual([0, 1, 2]);
    expect(again[0]!.importId).not.toBe(bodies[0]!.importId);
  });

  test('when the server cannot say whether the file was imported, nothing is sent until it can', async () => {
    const server = fakeCustomersServer({ customers: [ana] });
    server.failNext('findImport', 'network-error');
    open(server);
    await settled();
    await openImport();
    await choose(new File(['Nome\nBia\n'], 'contatos.csv'));
    expect(within(dialog()).getByRole('alert').textContent).toBe(`${LOOKUP_FAILED_TEXT} ${UNREACHABLE_TEXT}`);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Tentar de novo' }));
    await settled();
    expect(within(dialog()).getByRole('button', { name: 'Importar 1 contato' })).toBeDefined();
    expect(server.requests.findImport).toHaveLength(2);
    expect(server.requests.import).toHaveLength(0);
  });

  test('cancelled between batches: the batch on its way finishes, nothing more is sent', async () => {
    const app = open();
    await settled();
    await openImport();
    await choose(spreadsheet());
    const gate = app.api.hold('import');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Importar 1.201 contatos' }));
    await settled();
    // No close button while batches go out; Esc asks to stop, like "Cancelar importação".
    expect(within(dialog()).queryByRole('button', { name: 'Fechar' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    const stopping = within(dialog()).getByRole('button', { name: 'Cancelando após o lote atual...' });
    expect(stopping).toHaveProperty('disabled', true);

    gate.release();
    await settled();
    expect(app.api.requests.import).toHaveLength(1);
    expect(within(dialog()).getByText('Importação cancelada')).toBeDefined();
    expect(within(dialog()).getByText('499 criados, 1 ignorado')).toBeDefined();
    expect(within(dialog()).getByText('701 linhas não foram enviadas.')).toBeDefined();
  });

  test('a failed batch can be given up: the report of what went in', async () => {
    const server = fakeCustomersServer({ customers: [ana] });
    server.failNext('import', failed(503, 'Servidor ocupado. Tente em instantes.', 'SERVICE_UNAVAILABLE'));
    open(server);
    await settled();
    await openImport();
    await choose(new File(['Name,Phone\nBia,11912345678\n'], 'contacts.csv'));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Importar 1 contato' }));
    await settled();
    expect(within(dialog()).getByRole('alert').textContent).toBe(
      'O lote 1 não foi importado: Servidor ocupado. Tente em instantes.',
    );
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancelar importação' }));
    await settled();
    expect(within(dialog()).getByText('Importação cancelada')).toBeDefined();
    expect(within(dialog()).getByText('0 criados, 0 ignorados')).toBeDefined();
  });

  test('a vCard file from the phone: its contacts mapped at once; another file can follow', async () => {
    const app = open();
    await settled();
    await openImport();
    const vcf = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Carla Dias',
      'TEL;TYPE=HOME:+55 21 3333-4444',
      'TEL;TYPE=CELL:+55 21 99876-5432',
      'EMAIL:carla@exemplo.com.br',
      'CATEGORIES:fornecedor',
      'END:VCARD',
    ].join('\r\n');
    await choose(new File([vcf], 'contatos.vcf', { type: 'text/vcard' }));
    expect(tableRows('Prévia das primeiras linhas')).toEqual([
      ['Linha', 'Nome', 'WhatsApp', 'E-mail', 'Observações', 'Etiquetas'],
      ['1', 'Carla Dias', '+55 21 99876-5432', 'carla@exemplo.com.br', '', 'fornecedor'],
    ]);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Importar 1 contato' }));
    await settled();
    expect(within(dialog()).getByText('1 criado, 0 ignorados')).toBeDefined();
    expect(within(dialog()).queryByRole('table', { name: 'Linhas ignoradas' })).toBeNull();
    expect((app.api.bodies.import[0] as ImportBatchBody).rows).toEqual([
      {
        line: 1,
        name: 'Carla Dias',
        phone: '+55 21 99876-5432',
        email: 'carla@exemplo.com.br',
        tags: ['fornecedor'],
      },
    ]);

    await userEvent.click(within(dialog()).getByRole('button', { name: 'Importar outro arquivo' }));
    expect(fileInput()).toBeDefined();
  });
});

describe('/customers: "Exportar"', () => {
  withCustomerPagesPreloaded();
  const downloads = capturedDownloads();
  const toastTitle = (id: string) =>
    document.querySelector(`[data-testid="toast-${id}"] [data-title]`)?.textContent ?? null;

  test('downloads the CSV under the server’s file name, with the session’s headers', async () => {
    const app = open();
    await settled();
    await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await settled();
    const [request] = app.api.requests.export;
    expect(request?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(request?.headers.get('refresh_token')).toBe('rt-test');
    expect(downloads.map((d) => d.name)).toEqual(['clientes-2030-01-15.csv']);
    expect(await blobText(downloads[0]!.blob)).toBe('\uFEFFnome;telefone\r\nAna Souza;5511987654321');
    expect(toastTitle('customers-export')).toBe('Exportação pronta.');
  });

  test('a failure shows the envelope’s error in a toast, and nothing is saved', async () => {
    open(fakeCustomersServer({ answers: { export: failed(500, 'Não foi possível exportar agora.') } }));
    await settled();
    await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await settled();
    expect(toastTitle('customers-export')).toBe('Não foi possível exportar agora.');
    expect(downloads).toEqual([]);
  });
});
