import { describe, expect, it } from 'vitest';
import { PREPARED_TEXTS_MAX, preparedStatementNames } from '../../server/db/prepared-statements';
import { withTestDb } from '../support/db';

const t = withTestDb();

describe('prepared statements', () => {
  it('answer each call with its own values, before and after PostgreSQL settles on a generic plan', async () => {
    await t.db.query('CREATE TABLE prepared_values (id int PRIMARY KEY, label text NOT NULL)');
    await t.db.query("INSERT INTO prepared_values VALUES (1, 'um'), (2, 'dois'), (3, 'três')");
    const labels: string[] = [];
    // Past the five custom plans, on whichever pooled connections the calls land.
    for (let i = 0; i < 12; i++) {
      const { rows } = await t.db.query<{ label: string }>(
        'SELECT label FROM prepared_values WHERE id = $1',
        [(i % 3) + 1],
        { prepared: true },
      );
      labels.push(rows.map((r) => r.label).join());
    }
    expect(labels).toEqual(Array.from({ length: 4 }, () => ['um', 'dois', 'três']).flat());
  });

  it('keep answering after a migration changes the type of a column they return', async () => {
    await t.db.query('CREATE TABLE prepared_types (id int PRIMARY KEY, amount int NOT NULL)');
    await t.db.query('INSERT INTO prepared_types VALUES (1, 7)');
    const read = () =>
      t.db.query<{ amount: unknown }>('SELECT amount FROM prepared_types WHERE id = $1', [1], {
        prepared: true,
      });
    // Prepared on several pooled connections at once, and on one of them past the custom plans.
    await Promise.all(Array.from({ length: 6 }, read));
    for (let i = 0; i < 6; i++) await read();

    await t.db.query('ALTER TABLE prepared_types ALTER COLUMN amount TYPE text');

    for (let i = 0; i < 12; i++) expect((await read()).rows).toEqual([{ amount: '7' }]);
  });

  it('stop naming new texts past the bound, so a pool keeps a bounded number of statements', () => {
    const nameOf = preparedStatementNames();
    const names = Array.from({ length: PREPARED_TEXTS_MAX }, (_, i) => nameOf(`SELECT ${i}`));
    expect(new Set(names).size).toBe(PREPARED_TEXTS_MAX);
    expect(nameOf(`SELECT ${PREPARED_TEXTS_MAX}`)).toBeUndefined();
    // A text named before the bound keeps its name.
    expect(nameOf('SELECT 0')).toBe(names[0]);
  });
});
