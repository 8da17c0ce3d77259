import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { CompanyInfo } from '../../contracts/company';
import { companyInfo, openCompanyInfo } from './support/company-info-api';
import { failed, ok, settleQueries } from './support/fake-api';
import { errorBeside } from './support/field-error';
import { withHomePagesPreloaded } from './support/home-api';

function input(label: string) {
  return screen.getByLabelText(label) as HTMLInputElement;
}

async function save() {
  await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
  await settleQueries();
}

describe('/settings/company-info (spec §2): Sobre a empresa', () => {
  withHomePagesPreloaded(['/settings/company-info', '/settings']);

  test('the company as saved, in its form', async () => {
    const app = await openCompanyInfo();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sobre a empresa');
    expect(input('Nome da empresa').value).toBe('Doces da Ana');
    expect(input('Razão social').value).toBe('Ana Souza Doces ME');
    expect((screen.getByRole('radio', { name: 'CNPJ' }) as HTMLInputElement).checked).toBe(true);
    expect(input('Número do CNPJ').value).toBe('11.222.333/0001-81');
    expect(input('E-mail').value).toBe('contato@docesdaana.com.br');
    expect(input('Cidade').value).toBe('São Paulo');
    expect((screen.getByLabelText('Estado') as HTMLSelectElement).value).toBe('SP');
    expect(screen.getByRole('option', { name: 'São Paulo', selected: true })).toBeDefined();
    expect((screen.getByLabelText('O que sua empresa faz') as HTMLTextAreaElement).value).toBe(
      'Bolos e doces por encomenda.',
    );
    expect(input('Mostrar atalho de cobrança nas tarefas').checked).toBe(true);
    expect(app.company.load.requests).toHaveLength(1);
  });

  test('a company saved without the optional data: empty fields, "Selecione" for the state', async () => {
    await openCompanyInfo({
      load: ok({
        company: companyInfo({ email: null, city: null, state: null, description: null, name: null }),
      }),
    });
    expect(input('Nome da empresa').value).toBe('');
    expect(input('E-mail').value).toBe('');
    expect((screen.getByLabelText('Estado') as HTMLSelectElement).value).toBe('');
  });

  test('while it loads: placeholders, no form yet', async () => {
    const app = await openCompanyInfo({ load: undefined });
    expect(screen.getByRole('status').textContent).toBe('Carregando dados da empresa...');
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    app.company.load.answer(ok({ company: companyInfo() }));
    await settleQueries();
    expect(input('Nome da empresa').value).toBe('Doces da Ana');
  });

  test('it cannot be loaded: its own error screen, "Erro ao carregar dados da empresa", and a retry', async () => {
    // React reports the error its boundary caught; that report is not what this test reads.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = await openCompanyInfo({ load: failed(500, 'Falha interna.') });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('Erro ao carregar dados da empresa');
    expect(screen.getByRole('link', { name: 'Voltar para Configurações' }).getAttribute('href')).toBe(
      '/settings',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sobre a empresa');

    app.company.load.always(ok({ company: companyInfo() }));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await settleQueries();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input('Nome da empresa').value).toBe('Doces da Ana');
    expect(app.company.load.requests).toHaveLength(2);
  });

  test('saved: the whole company sent, "Dados da empresa salvos.", the page’s data updated', async () => {
    const app = await openCompanyInfo({ save: undefined });
    await userEvent.clear(input('Cidade'));
    await userEvent.type(input('Cidade'), '  Niterói ');
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'RJ');
    await userEvent.clear(screen.getByLabelText('O que sua empresa faz'));
    await userEvent.click(input('Mostrar atalho de cobrança nas tarefas'));
    await save();

    expect(await app.company.save.requests[0]!.clone().json()).toEqual({
      name: 'Doces da Ana',
      businessName: 'Ana Souza Doces ME',
      documentType: 'cnpj',
      documentNumber: '11.222.333/0001-81',
      email: 'contato@docesdaana.com.br',
      city: '  Niterói ',
      state: 'RJ',
      description: null,
      showNubankWidget: false,
    });
    expect(screen.getByRole('button', { name: 'Salvando...' }).hasAttribute('disabled')).toBe(true);

    const saved: CompanyInfo = companyInfo({
      city: 'Niterói',
      state: 'RJ',
      description: null,
      showNubankWidget: false,
    });
    app.company.save.answer(ok({ company: saved }));
    await settleQueries();
    const toast = document.querySelector('[data-testid="toast-company-info-saved"]');
    expect(toast?.getAttribute('data-type')).toBe('success');
    expect(toast?.querySelector('[data-title]')?.textContent).toBe('Dados da empresa salvos.');
    expect(app.queryClient.getQueryData(['settings', 'company'])).toEqual(saved);
    expect(input('Cidade').value).toBe('Niterói');
    expect(app.company.load.requests).toHaveLength(1);
  });

  test('checked before sending: missing name, a bad e-mail, each beside its field; nothing sent', async () => {
    const app = await openCompanyInfo();
    await userEvent.clear(input('Nome da empresa'));
    await userEvent.clear(input('E-mail'));
    await userEvent.type(input('E-mail'), 'contato@docesdaana');
    await save();
    expect(errorBeside('Nome da empresa')).toBe('Informe o nome da empresa.');
    expect(errorBeside('E-mail')).toBe('E-mail inválido. Confira o endereço.');
    expect(input('Nome da empresa').getAttribute('aria-invalid')).toBe('true');
    expect(app.company.save.requests).toHaveLength(0);

    await userEvent.type(input('Nome da empresa'), 'Doces da Ana');
    expect(errorBeside('Nome da empresa')).toBeNull();
  });

  test('CPF or CNPJ: the mask follows the type, and wrong check digits are said at once', async () => {
    const app = await openCompanyInfo({ save: ok({ company: companyInfo() }) });
    await userEvent.click(screen.getByRole('radio', { name: 'CPF' }));
    await userEvent.clear(input('Número do CPF'));
    await userEvent.type(input('Número do CPF'), '52998224726');
    expect(input('Número do CPF').value).toBe('529.982.247-26');
    expect(errorBeside('Número do CPF')).toBe('CPF inválido. Confira os números.');
    await save();
    expect(app.company.save.requests).toHaveLength(0);

    await userEvent.type(input('Número do CPF'), '{Backspace}5');
    expect(errorBeside('Número do CPF')).toBeNull();
    await save();
    expect(await app.company.save.requests[0]!.clone().json()).toMatchObject({
      documentType: 'cpf',
      documentNumber: '529.982.247-25',
    });
  });

  test('the server refuses a field: its words beside that field', async () => {
    await openCompanyInfo({
      save: {
        status: 400,
        body: {
          success: false,
          error: 'Confira os dados.',
          code: 'VALIDATION_ERROR',
          issues: [{ path: 'documentNumber', message: 'Este CNPJ já está em outra empresa.' }],
        },
      },
    });
    await save();
    expect(errorBeside('Número do CNPJ')).toBe('Este CNPJ já está em outra empresa.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  test('saving fails otherwise: the server’s words above "Salvar", the form as typed', async () => {
    await openCompanyInfo({ save: failed(500, 'Falha interna. Tente de novo em instantes.') });
    await userEvent.clear(input('Cidade'));
    await userEvent.type(input('Cidade'), 'Campinas');
    await save();
    expect(screen.getByRole('alert').textContent).toBe('Falha interna. Tente de novo em instantes.');
    expect(input('Cidade').value).toBe('Campinas');
    expect(screen.getByRole('button', { name: 'Salvar' }).hasAttribute('disabled')).toBe(false);
  });
});
