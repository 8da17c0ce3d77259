import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AI_TRAINING_CONFLICT_TEXT,
  AI_TRAINING_FAQ_MAX,
  AI_TRAINING_TEXT_MAX,
  AI_TRAINING_VERSION_NOT_FOUND_TEXT,
  type AiTrainingInput,
  type AiTrainingVersion,
  type AiTrainingVersionSummary,
  EMPTY_AI_TRAINING,
} from '../../contracts/ai-training';
import { ROLE_FORBIDDEN_TEXT } from '../../contracts/roles';
import { loadCurrentTraining } from '../../server/modules/ai-training/current-training';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type SignedInApi, type Subscriber, signedInApi } from '../support/signed-in-api';
import { createTeamMember } from '../support/team-members';

/** AI training (spec §2 /settings/ai-training, issue 18): versions per company, saved, listed, restored. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const URL = '/api/settings/ai-training';

const training = (overrides: Partial<AiTrainingInput> = {}): AiTrainingInput => ({
  ...EMPTY_AI_TRAINING,
  businessDescription: 'Doces artesanais por encomenda em Campinas.',
  toneOfVoice: 'Informal e carinhoso, com poucos emojis.',
  openingHours: 'Seg a sex, 9h às 18h',
  paymentPolicy: 'Pix ou cartão; 50% na encomenda.',
  deliveryPolicy: 'Entrega grátis acima de R$ 100 em Campinas.',
  faqs: [{ question: 'Fazem bolo sem glúten?', answer: 'Sim, com 3 dias de antecedência.' }],
  wordsToAvoid: ['barato', 'promoção relâmpago'],
  ...overrides,
});

const current = async (api: SignedInApi) =>
  (await api.get<{ current: AiTrainingVersion | null }>(URL)).body.data.current;
const save = (api: SignedInApi, baseVersion: number | null, content: unknown) =>
  api.put<AiTrainingVersion>(URL, { baseVersion, content });
const versions = async (api: SignedInApi) =>
  (await api.get<{ versions: AiTrainingVersionSummary[] }>(`${URL}/versions`)).body.data.versions;
const rowCount = async (companyId: string) =>
  Number(
    (
      await server.db.query<{ n: string }>(
        'SELECT count(*) AS n FROM ai_training_versions WHERE company_id = $1',
        [companyId],
      )
    ).rows[0]!.n,
  );

async function ownerNamed(name: string): Promise<Subscriber> {
  const owner = await newSubscriber(server);
  await server.db.query('UPDATE users SET name = $1 WHERE id = $2', [name, owner.account.userId]);
  return owner;
}

describe('saving', () => {
  it('reads null until the first save, then the newest version with its author', async () => {
    const { api, companyId } = await ownerNamed('Ana Souza');
    expect(await current(api)).toBeNull();
    const first = await save(api, null, training({ businessDescription: '  Doces artesanais.  ' }));
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      version: 1,
      createdAt: expect.any(String),
      authorName: 'Ana Souza',
      restoredFrom: null,
      content: training({ businessDescription: 'Doces artesanais.' }),
    });
    expect(await current(api)).toEqual(first.body.data);
    // What the advisor grounds on is what was saved.
    expect(await loadCurrentTraining(server.db, companyId)).toEqual(first.body.data.content);
  });

  it('numbers each save after the one it was opened on, and refuses a stale base (409, nothing written)', async () => {
    const { api, companyId } = await newSubscriber(server);
    expect((await save(api, null, training())).body.data.version).toBe(1);
    expect((await save(api, 1, training({ openingHours: 'Todo dia' }))).body.data.version).toBe(2);
    for (const base of [null, 1, 3]) {
      const stale = await save(api, base, training({ openingHours: `Base ${base}` }));
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({
        success: false,
        code: 'CONFLICT',
        error: AI_TRAINING_CONFLICT_TEXT,
      });
    }
    expect(await rowCount(companyId)).toBe(2);
    expect((await current(api))?.content.openingHours).toBe('Todo dia');
  });

  it('saves nothing when the content is the current one (spaces aside), and answers the current version', async () => {
    const { api, companyId } = await newSubscriber(server);
    await save(api, null, training());
    const again = await save(api, 1, training({ toneOfVoice: ' Informal e carinhoso, com poucos emojis. ' }));
    expect(again.status).toBe(200);
    expect(again.body.data.version).toBe(1);
    expect(await rowCount(companyId)).toBe(1);
  });

  it('never gives two concurrent saves on the same base the same number: one lands, the others are 409', async () => {
    const { api, companyId } = await newSubscriber(server);
    await save(api, null, training());
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => save(api, 1, training({ openingHours: `Versão ${i}` }))),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await rowCount(companyId)).toBe(2);
    const winner = answers.find((a) => a.status === 200)!.body.data;
    expect(winner.version).toBe(2);
    expect((await current(api))?.content.openingHours).toBe(winner.content.openingHours);
  });

  it('lets a manager save and restore, and a staff member only read (403, nothing written)', async () => {
    const owner = await newSubscriber(server);
    await save(owner.api, null, training());
    const manager = signedInApi(server.url, await createTeamMember(server.db, owner.companyId, 'manager'));
    const staff = signedInApi(server.url, await createTeamMember(server.db, owner.companyId, 'staff'));
    expect((await save(manager, 1, training({ openingHours: 'Sábado também' }))).status).toBe(200);
    const refused = await save(staff, 2, training({ openingHours: 'Domingo' }));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(ROLE_FORBIDDEN_TEXT);
    expect((await staff.post(`${URL}/versions/1/restore`)).status).toBe(403);
    expect((await current(staff))?.version).toBe(2);
    expect(await versions(staff)).toHaveLength(2);
    expect((await staff.get(`${URL}/versions/1`)).status).toBe(200);
    expect(await rowCount(owner.companyId)).toBe(2);
  });
});

describe('bad input: 400 in the envelope, nothing written', () => {
  let owner: Subscriber;
  beforeAll(async () => {
    owner = await newSubscriber(server);
  });

  it.each([
    [
      'a text too long',
      { businessDescription: 'a'.repeat(AI_TRAINING_TEXT_MAX + 1) },
      'content.businessDescription',
    ],
    ['a short text too long', { toneOfVoice: 'a'.repeat(501) }, 'content.toneOfVoice'],
    [
      'too many questions',
      {
        faqs: Array.from({ length: AI_TRAINING_FAQ_MAX + 1 }, (_, i) => ({ question: `P${i}`, answer: 'R' })),
      },
      'content.faqs',
    ],
    [
      'a question without its answer',
      { faqs: [{ question: 'Entregam?', answer: '   ' }] },
      'content.faqs.0.answer',
    ],
    ['an empty word to avoid', { wordsToAvoid: [' '] }, 'content.wordsToAvoid.0'],
    ['a NUL character', { openingHours: 'Seg\u0000Sex' }, 'content.openingHours'],
  ])('%s', async (_name, overrides, path) => {
    const answer = await save(owner.api, null, training(overrides as Partial<AiTrainingInput>));
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(answer.body.issues?.map((i) => i.path)).toContain(path);
    expect(await rowCount(owner.companyId)).toBe(0);
  });

  it('unknown fields, in the body, the content or a question', async () => {
    for (const body of [
      { baseVersion: null, content: training(), extra: 1 },
      { baseVersion: null, content: { ...training(), services: [] } },
      { baseVersion: null, content: training({ faqs: [{ question: 'a', answer: 'b', id: 1 } as never] }) },
      { content: training() },
    ]) {
      const answer = await owner.api.put(URL, body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect(await rowCount(owner.companyId)).toBe(0);
  });

  it.each(['0', '-1', '1.5', '1000001', '99999999999999999999', 'abc', '1e3x'])(
    'version %s in the address',
    async (version) => {
      expect((await owner.api.get(`${URL}/versions/${version}`)).status).toBe(400);
      expect((await owner.api.post(`${URL}/versions/${version}/restore`)).status).toBe(400);
    },
  );

  it('a base version of 0 or not a whole number', async () => {
    for (const baseVersion of [0, 1.5, '1', -3]) {
      expect((await save(owner.api, baseVersion as number, training())).status).toBe(400);
    }
    expect(await rowCount(owner.companyId)).toBe(0);
  });
});

describe('history and restore', () => {
  it('lists versions newest first, opens one, and restores it as the newest with restoredFrom', async () => {
    const { api, companyId } = await ownerNamed('Bia Castro');
    await save(api, null, training({ openingHours: 'Um' }));
    await save(api, 1, training({ openingHours: 'Dois' }));
    await save(api, 2, training({ openingHours: 'Três' }));
    expect((await versions(api)).map((v) => v.version)).toEqual([3, 2, 1]);

    const one = await api.get<AiTrainingVersion>(`${URL}/versions/1`);
    expect(one.body.data).toMatchObject({
      version: 1,
      authorName: 'Bia Castro',
      content: { openingHours: 'Um' },
    });

    const restored = await api.post<AiTrainingVersion>(`${URL}/versions/1/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({
      version: 4,
      restoredFrom: 1,
      content: { openingHours: 'Um' },
    });
    expect(await current(api)).toEqual(restored.body.data);
    expect((await versions(api)).map((v) => [v.version, v.restoredFrom])).toEqual([
      [4, 1],
      [3, null],
      [2, null],
      [1, null],
    ]);
    // Restoring what is already current writes nothing.
    expect((await api.post<AiTrainingVersion>(`${URL}/versions/4/restore`)).body.data.version).toBe(4);
    expect((await api.post<AiTrainingVersion>(`${URL}/versions/1/restore`)).body.data.version).toBe(4);
    expect(await rowCount(companyId)).toBe(4);
  });

  it('answers 404 for a version the company does not have', async () => {
    const { api } = await newSubscriber(server);
    await save(api, null, training());
    for (const answer of [await api.get(`${URL}/versions/2`), await api.post(`${URL}/versions/2/restore`)]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'NOT_FOUND', error: AI_TRAINING_VERSION_NOT_FOUND_TEXT });
    }
  });

  it("keeps a version's author as null once that user is gone", async () => {
    const owner = await newSubscriber(server);
    const manager = await createTeamMember(server.db, owner.companyId, 'manager');
    await save(signedInApi(server.url, manager), null, training());
    await server.db.query('DELETE FROM users WHERE id = $1', [manager.userId]);
    expect((await versions(owner.api))[0]).toMatchObject({ version: 1, authorName: null });
  });
});
