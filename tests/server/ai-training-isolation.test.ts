import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AiTrainingInput, type AiTrainingVersion, EMPTY_AI_TRAINING } from '../../contracts/ai-training';
import { loadCurrentTraining } from '../../server/modules/ai-training/current-training';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type Subscriber } from '../support/signed-in-api';

/**
 * Tenant isolation of the AI training: another company's versions are never read, listed,
 * restored or overwritten, and its training never becomes this company's.
 */

let server: TestServer;
let first: Subscriber;
let second: Subscriber;

const URL = '/api/settings/ai-training';
const secret: AiTrainingInput = {
  ...EMPTY_AI_TRAINING,
  businessDescription: 'Oficina do Bruno: segredo da casa.',
  faqs: [{ question: 'Qual o desconto?', answer: 'Código BRUNO10.' }],
};

beforeAll(async () => {
  server = await startTestServer();
  first = await newSubscriber(server);
  second = await newSubscriber(server);
  await first.api.put(URL, { baseVersion: null, content: secret });
  await first.api.put(URL, { baseVersion: 1, content: { ...secret, openingHours: 'Seg a sex' } });
});
afterAll(() => server?.close());

const digest = async () =>
  JSON.stringify(
    (
      await server.db.query('SELECT * FROM ai_training_versions WHERE company_id = $1 ORDER BY version', [
        first.companyId,
      ])
    ).rows,
  );

it("never shows, restores or overwrites another company's training", async () => {
  const before = await digest();
  expect((await second.api.get<{ current: null }>(URL)).body.data).toEqual({ current: null });
  expect((await second.api.get<{ versions: unknown[] }>(`${URL}/versions`)).body.data.versions).toEqual([]);
  expect((await second.api.get(`${URL}/versions/1`)).status).toBe(404);
  expect((await second.api.post(`${URL}/versions/1/restore`)).status).toBe(404);

  // The second company's own save starts at its own version 1, and the first one's base is not its own.
  expect((await second.api.put(URL, { baseVersion: 2, content: EMPTY_AI_TRAINING })).status).toBe(409);
  const own = await second.api.put<AiTrainingVersion>(URL, { baseVersion: null, content: EMPTY_AI_TRAINING });
  expect(own.body.data.version).toBe(1);
  expect(JSON.stringify(await second.api.get(`${URL}/versions`))).not.toContain('segredo');

  expect(await digest()).toBe(before);
  expect(await loadCurrentTraining(server.db, second.companyId)).toEqual(EMPTY_AI_TRAINING);
  expect((await loadCurrentTraining(server.db, first.companyId)).businessDescription).toContain('segredo');
});
