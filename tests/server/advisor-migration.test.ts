import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_AI_TEXT } from '../../contracts/customer-data';
import { migrate } from '../../server/db/migrate';
import type { Db } from '../../server/db/types';
import { openTestDb, type TestDb } from '../support/db';
import { migrateBefore } from '../support/migrate-before';

let t: TestDb;
let db: Db;
let companyId: string;
let userId: string;
const ids: Record<string, string> = {};

const insertMessage = (role: string, text: string, sources: string, mode: string | null) =>
  db.query<{ id: string }>(
    `INSERT INTO advisor_messages (company_id, user_id, role, text, sources, mode)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING id`,
    [companyId, userId, role, text, sources, mode],
  );

/** A database at migration 042 with an erased answer, a kept one and a question, then migrated. */
beforeAll(async () => {
  t = await openTestDb({ migrated: false });
  db = t.db;
  await migrateBefore(db, '043');
  companyId = (
    await db.query<{ id: string }>("INSERT INTO companies (name) VALUES ('Doces da Ana') RETURNING id")
  ).rows[0]!.id;
  userId = (
    await db.query<{ id: string }>(
      "INSERT INTO users (email, name) VALUES ('ana@docesdaana.example', 'Ana') RETURNING id",
    )
  ).rows[0]!.id;
  ids.question = (await insertMessage('user', 'Quem pediu bolo?', '[]', null)).rows[0]!.id;
  ids.erased = (await insertMessage('assistant', ERASED_AI_TEXT, '[]', 'offline')).rows[0]!.id;
  ids.kept = (
    await insertMessage('assistant', 'Bruno Dias quer sem lactose.', '[{"kind":"customer"}]', 'online')
  ).rows[0]!.id;
  await migrate(db);
});
afterAll(() => t?.close());

describe('migration 043: an erased advisor answer keeps no mode', () => {
  it('clears the mode of answers erased before it, and only theirs', async () => {
    const { rows } = await db.query<{ id: string; mode: string | null }>(
      'SELECT id, mode FROM advisor_messages WHERE company_id = $1',
      [companyId],
    );
    const mode = new Map(rows.map((row) => [row.id, row.mode]));
    expect(mode.get(ids.question!)).toBeNull();
    expect(mode.get(ids.erased!)).toBeNull();
    expect(mode.get(ids.kept!)).toBe('online');
  });

  it('still refuses a question with a mode, and a mode that is not online or offline', async () => {
    await expect(insertMessage('user', 'Oi', '[]', 'online')).rejects.toThrow(/check constraint/);
    await expect(insertMessage('assistant', 'Oi', '[]', 'magia')).rejects.toThrow(/check constraint/);
    await expect(insertMessage('assistant', ERASED_AI_TEXT, '[]', null)).resolves.toBeDefined();
  });
});
