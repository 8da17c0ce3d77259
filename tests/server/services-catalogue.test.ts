import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BusinessService,
  SERVICE_NAME_REQUIRED_TEXT,
  SERVICE_NAME_TAKEN_TEXT,
  type ServiceInput,
} from '../../contracts/services';
import { createTestAccount, type TestAccount } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type SignedInApi, signedInApi } from '../support/signed-in-api';

/** The services catalogue (spec §2 /settings/services; §7 GET settings services → businessServices). */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Workspace {
  account: TestAccount;
  api: SignedInApi;
  companyId: string;
  list(): Promise<BusinessService[]>;
  create(input: ServiceInput): Promise<BusinessService>;
}

async function workspace(): Promise<Workspace> {
  const { account, api } = await newSubscriber(server);
  return {
    account,
    api,
    companyId: account.companyId!,
    list: async () =>
      (await api.get<{ businessServices: BusinessService[] }>('/api/settings/services')).body.data
        .businessServices,
    async create(input) {
      const answer = await api.post<{ businessService: BusinessService }>('/api/settings/services', input);
      expect(answer.status).toBe(201);
      return answer.body.data.businessService;
    },
  };
}

const stored = async (serviceId: string) =>
  (await server.db.query('SELECT * FROM services WHERE id = $1', [serviceId])).rows[0];

describe('the catalogue', () => {
  it('starts empty, creates services (201) and lists active ones first, by name', async () => {
    const w = await workspace();
    expect(await w.list()).toEqual([]);
    const torta = await w.create({ name: 'Torta holandesa', priceCents: 9_000 });
    expect(torta).toEqual({
      id: expect.any(String),
      name: 'Torta holandesa',
      description: null,
      priceCents: 9_000,
      durationMinutes: null,
      active: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const eclair = await w.create({
      name: '  Éclair de chocolate ',
      description: '   ',
      priceCents: 1_200,
      durationMinutes: 30,
    });
    expect(eclair).toMatchObject({ name: 'Éclair de chocolate', description: null, durationMinutes: 30 });
    const antigo = await w.create({ name: 'Antigo bolo', priceCents: 5_000, active: false });
    const bolo = await w.create({
      name: 'bolo de pote',
      description: 'Unidade de 250 ml.',
      priceCents: 1_500,
    });
    expect((await w.list()).map((s) => s.id)).toEqual([bolo.id, eclair.id, torta.id, antigo.id]);
  });

  it('refuses a name the company already uses, case, accents and spaces aside (409 on the name)', async () => {
    const w = await workspace();
    const first = await w.create({ name: 'Bolo de pote', priceCents: 1_500 });
    for (const name of ['BOLO DE PÔTE', 'bolo  de   pote']) {
      const answer = await w.api.post('/api/settings/services', { name, priceCents: 1 });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        code: 'CONFLICT',
        error: SERVICE_NAME_TAKEN_TEXT,
        issues: [{ path: 'name', message: SERVICE_NAME_TAKEN_TEXT }],
      });
    }
    const other = await w.create({ name: 'Brigadeiro', priceCents: 300 });
    const renamed = await w.api.put(`/api/settings/services/${other.id}`, {
      name: 'bolo de pote',
      priceCents: 300,
    });
    expect(renamed.status).toBe(409);
    expect((await stored(other.id)).name).toBe('Brigadeiro');
    // Another company may use the same name.
    await (await workspace()).create({ name: 'Bolo de pote', priceCents: 1_000 });
    expect(await w.list()).toHaveLength(2);
    expect(first.name).toBe('Bolo de pote');
  });

  it('checks the form (400 on each field)', async () => {
    const w = await workspace();
    const answer = await w.api.post('/api/settings/services', {
      name: ' ',
      priceCents: -5,
      durationMinutes: 0,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: SERVICE_NAME_REQUIRED_TEXT },
        { path: 'priceCents', message: 'O preço não pode ser negativo.' },
        { path: 'durationMinutes', message: 'A duração deve ser de pelo menos 1 minuto.' },
      ]),
    );
    expect(await w.list()).toEqual([]);
  });
});

describe('editing a service', () => {
  it('saves every field and archives with active false', async () => {
    const w = await workspace();
    const service = await w.create({
      name: 'Kit festa',
      description: 'Bolo e docinhos.',
      priceCents: 35_000,
    });
    const answer = await w.api.put<{ businessService: BusinessService }>(
      `/api/settings/services/${service.id}`,
      {
        name: 'Kit festa (25 pessoas)',
        priceCents: 38_000,
        durationMinutes: 90,
        active: false,
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.businessService).toMatchObject({
      id: service.id,
      name: 'Kit festa (25 pessoas)',
      description: null,
      priceCents: 38_000,
      durationMinutes: 90,
      active: false,
      createdAt: service.createdAt,
    });
    // Saving under its own name again is fine.
    const same = await w.api.put(`/api/settings/services/${service.id}`, {
      name: 'KIT FESTA (25 pessoas)',
      priceCents: 1,
    });
    expect(same.status).toBe(200);
  });

  it("is a 404 for another company's service (or no service), which stays as it was", async () => {
    const w = await workspace();
    const theirs = await (await workspace()).create({ name: 'Troca de óleo', priceCents: 15_000 });
    const before = await stored(theirs.id);
    for (const id of [theirs.id, '5f0c2b1a-0d3e-4c5b-9a8f-7e6d5c4b3a21', 'servico']) {
      const answer = await w.api.put(`/api/settings/services/${id}`, { name: 'Invadido', priceCents: 1 });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'NOT_FOUND', error: 'Serviço não encontrado.' });
    }
    expect(await stored(theirs.id)).toEqual(before);
    expect(await w.list()).toEqual([]);
  });
});

describe('who may call', () => {
  it('needs a session (401) and a current subscription (402)', async () => {
    expect((await fetch(`${server.url}/api/settings/services`)).status).toBe(401);
    const ended = signedInApi(server.url, await createTestAccount(server.db, { subscription: 'expired' }));
    const answer = await ended.post('/api/settings/services', { name: 'x', priceCents: 1 });
    expect(answer.status).toBe(402);
    expect(answer.body.code).toBe('SUBSCRIPTION_REQUIRED');
  });
});
