import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { waitFor, withTestDb } from '../support/db';

const t = withTestDb();

describe('LISTEN/NOTIFY on the database', () => {
  it('delivers a notification to the listeners of its channel only', async () => {
    const channel = `test_${randomBytes(6).toString('hex')}`;
    const got: string[] = [];
    const other: string[] = [];
    const stop = await t.db.listen(channel, (p) => got.push(p));
    const stopOther = await t.db.listen(`${channel}_other`, (p) => other.push(p));
    await t.db.notify(channel, 'olá');
    await waitFor(() => got.includes('olá'), { what: 'the notification' });
    expect(other).toEqual([]);
    await stop();
    await stopOther();
  });

  // PGlite lives in this process and cannot lose its connection; a PostgreSQL server can.
  it.runIf(process.env.DATABASE_URL)(
    'listens again after the server drops the listening connection',
    async () => {
      const channel = `test_${randomBytes(6).toString('hex')}`;
      const got: string[] = [];
      const stop = await t.db.listen(channel, (p) => got.push(p));

      const { rows } = await t.db.query<{ dropped: boolean }>(
        'SELECT pg_terminate_backend(pid) AS dropped FROM pg_stat_activity WHERE query = $1',
        [`LISTEN "${channel}"`],
      );
      expect(rows.map((r) => r.dropped)).toEqual([true]);

      // Notifications sent while it is down are lost; one sent after it is back arrives.
      await waitFor(
        async () => {
          await t.db.notify(channel, 'de volta');
          return got.includes('de volta');
        },
        { intervalMs: 100, what: 'the listener to come back' },
      );
      await stop();
    },
  );
});
