import { describe, expect, it } from 'vitest';
import { openPostgres, withSessionOptions } from '../../server/db/postgres';

/**
 * A DATABASE_URL may carry `options` of its own (a statement timeout, say); sessions still run in
 * UTC, which the timestamp text and the day arithmetic rely on.
 */

describe("the URL's options and the server's", () => {
  it('keeps both, ours last, and every other parameter of the URL', () => {
    const merged = withSessionOptions(
      'postgres://u:p@db.example:5432/app?sslmode=require&options=-c%20statement_timeout%3D5000&application_name=a%20b',
      '-c TimeZone=UTC',
    );
    expect(merged.options).toBe('-c statement_timeout=5000 -c TimeZone=UTC');
    const url = new URL(merged.connectionString);
    expect(url.searchParams.get('options')).toBeNull();
    expect(url.searchParams.get('sslmode')).toBe('require');
    expect(url.searchParams.get('application_name')).toBe('a b');
    expect(`${url.username}:${url.password}@${url.host}${url.pathname}`).toBe('u:p@db.example:5432/app');
  });

  it('leaves a URL without options as it is', () => {
    const url = 'postgres://u:p@db.example/app?sslmode=require';
    expect(withSessionOptions(url, '-c TimeZone=UTC')).toEqual({
      connectionString: url,
      options: '-c TimeZone=UTC',
    });
  });

  it.runIf(process.env.DATABASE_URL)(
    'on a real server: a session in UTC with the URL asking for another zone and a timeout',
    async () => {
      const url = new URL(process.env.DATABASE_URL!);
      url.searchParams.set('options', '-c TimeZone=America/Sao_Paulo -c statement_timeout=4321');
      const db = await openPostgres({ url: url.toString(), max: 1 });
      try {
        const { rows } = await db.query<{ zone: string; timeout: string }>(
          "SELECT current_setting('TimeZone') AS zone, current_setting('statement_timeout') AS timeout",
        );
        expect(rows[0]).toEqual({ zone: 'UTC', timeout: '4321ms' });
      } finally {
        await db.close();
      }
    },
  );
});
