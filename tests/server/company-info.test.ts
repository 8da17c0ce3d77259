import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyInfo, CompanyInfoInput } from '../../contracts/company';
import { INVALID_CNPJ_TEXT, INVALID_CPF_TEXT } from '../../contracts/onboarding';
import { ROLE_FORBIDDEN_TEXT } from '../../contracts/roles';
import { createTestAccount } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, signedInApi } from '../support/signed-in-api';

/** "Sobre a empresa" (spec §2 /settings/company-info; §7 GET settings/company → data.company). */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function owner() {
  return newSubscriber(server);
}

const row = async (companyId: string) =>
  (await server.db.query('SELECT * FROM companies WHERE id = $1', [companyId])).rows[0];

const filled: CompanyInfoInput = {
  name: 'Doces da Ana',
  businessName: 'Ana Paula Ribeiro Confeitaria ME',
  documentType: 'cnpj',
  documentNumber: '11.222.333/0001-81',
  email: ' contato@docesdaana.com.br ',
  city: 'São Paulo',
  state: 'SP',
  description: 'Bolos e doces para festas, sob encomenda.',
  showNubankWidget: false,
};

describe('GET /api/settings/company', () => {
  it('answers the caller’s company with its defaults', async () => {
    const { api, companyId } = await owner();
    const answer = await api.get<{ company: CompanyInfo }>('/api/settings/company');
    expect(answer.status).toBe(200);
    expect(answer.body.data.company).toEqual({
      id: companyId,
      name: 'Empresa de Teste',
      businessName: null,
      documentType: 'cpf',
      documentNumber: null,
      email: null,
      city: null,
      state: null,
      description: null,
      showNubankWidget: true,
      timezone: 'America/Sao_Paulo',
    });
  });
});

describe('PUT /api/settings/company', () => {
  it('saves the company: the document number as its digits, answered masked', async () => {
    const { api, companyId } = await owner();
    const answer = await api.put<{ company: CompanyInfo }>('/api/settings/company', filled);
    expect(answer.status).toBe(200);
    const expected = {
      id: companyId,
      name: 'Doces da Ana',
      businessName: 'Ana Paula Ribeiro Confeitaria ME',
      documentType: 'cnpj',
      documentNumber: '11.222.333/0001-81',
      email: 'contato@docesdaana.com.br',
      city: 'São Paulo',
      state: 'SP',
      description: 'Bolos e doces para festas, sob encomenda.',
      showNubankWidget: false,
      timezone: 'America/Sao_Paulo',
    };
    expect(answer.body.data.company).toEqual(expected);
    expect((await api.get<{ company: CompanyInfo }>('/api/settings/company')).body.data.company).toEqual(
      expected,
    );
    expect(await row(companyId)).toMatchObject({
      document_number: '11222333000181',
      show_nubank_widget: false,
    });
  });

  it('stores empty optional fields as null', async () => {
    const { api, companyId } = await owner();
    await api.put('/api/settings/company', filled);
    const answer = await api.put<{ company: CompanyInfo }>('/api/settings/company', {
      ...filled,
      documentType: 'cpf',
      documentNumber: '529.982.247-25',
      email: '',
      city: '  ',
      state: null,
      description: '',
    });
    expect(answer.body.data.company).toMatchObject({
      documentType: 'cpf',
      documentNumber: '529.982.247-25',
      email: null,
      city: null,
      state: null,
      description: null,
    });
    expect(await row(companyId)).toMatchObject({ email: null, city: null, description: null });
  });

  it('checks the fields (400 on each), changing nothing', async () => {
    const { api, companyId } = await owner();
    const before = await row(companyId);
    const cnpj = await api.put('/api/settings/company', { ...filled, documentNumber: '11.222.333/0001-80' });
    expect(cnpj.status).toBe(400);
    expect(cnpj.body.issues).toEqual([{ path: 'documentNumber', message: INVALID_CNPJ_TEXT }]);
    const cpf = await api.put('/api/settings/company', {
      ...filled,
      documentType: 'cpf',
      documentNumber: '',
    });
    expect(cpf.body.issues).toEqual([{ path: 'documentNumber', message: INVALID_CPF_TEXT }]);
    const others = await api.put('/api/settings/company', {
      ...filled,
      email: 'ana@',
      state: 'XX',
      name: 'A',
    });
    expect(others.status).toBe(400);
    expect(others.body.issues?.map((issue) => issue.path).sort()).toEqual(['email', 'name', 'state']);
    expect(await row(companyId)).toEqual(before);
  });

  it('is for owners and managers: staff neither read nor write it (403) and nothing changes', async () => {
    const { account, api, companyId } = await owner();
    await server.db.query(`UPDATE memberships SET role = 'staff' WHERE user_id = $1`, [account.userId]);
    const before = await row(companyId);
    for (const answer of [
      await api.put('/api/settings/company', filled),
      await api.get('/api/settings/company'),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ success: false, code: 'FORBIDDEN', error: ROLE_FORBIDDEN_TEXT });
    }
    expect(await row(companyId)).toEqual(before);
    await server.db.query(`UPDATE memberships SET role = 'manager' WHERE user_id = $1`, [account.userId]);
    expect((await api.get('/api/settings/company')).status).toBe(200);
    expect((await api.put('/api/settings/company', filled)).status).toBe(200);
  });

  it("reads and writes only the caller's own company", async () => {
    const ana = await owner();
    const bruno = await owner();
    await ana.api.put('/api/settings/company', filled);
    const anaBefore = await row(ana.companyId);
    const read = await bruno.api.get<{ company: CompanyInfo }>('/api/settings/company');
    expect(read.body.data.company.id).toBe(bruno.companyId);
    await bruno.api.put('/api/settings/company', { ...filled, name: 'Oficina do Bruno' });
    expect(await row(ana.companyId)).toEqual(anaBefore);
    expect((await row(bruno.companyId)).name).toBe('Oficina do Bruno');
  });

  it('needs a session (401) and a current subscription (402)', async () => {
    expect((await fetch(`${server.url}/api/settings/company`)).status).toBe(401);
    const ended = signedInApi(server.url, await createTestAccount(server.db, { subscription: 'expired' }));
    expect((await ended.get('/api/settings/company')).status).toBe(402);
    expect((await ended.put('/api/settings/company', filled)).status).toBe(402);
  });
});
