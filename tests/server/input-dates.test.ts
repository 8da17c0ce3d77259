import { describe, expect, it } from 'vitest';
import { DATE_OUT_OF_RANGE_TEXT } from '../../contracts/date-range';
import type { Deal } from '../../contracts/sales';
import { TASK_DUE_REQUIRED_TEXT, type Task } from '../../contracts/tasks';
import { withSubscriberServer } from '../support/signed-in-api';
import { taskBody } from '../support/task-fixtures';

/**
 * Issue 11: every date the API takes is one day of 01/01/1900–31/12/2099 as the person wrote it, and
 * is stored exactly as sent. Dates outside are a 400 that says the range (years 0001 and 0099 used
 * to come back as 2001 and 1999; year 0000 was a 500).
 */

const setup = withSubscriberServer();

const outside = ['0000-01-01', '0001-01-01', '0099-06-01', '1899-12-31', '2100-01-01', '9999-12-31'];

describe('a task’s dueAt', () => {
  it('is stored and answered exactly as sent at both ends of the range, as written in its offset', async () => {
    for (const [dueAt, instant] of [
      ['1900-01-01T00:00:00-03:00', '1900-01-01T03:00:00.000Z'],
      ['2099-12-31T23:59:00-03:00', '2100-01-01T02:59:00.000Z'],
      ['2099-12-31T23:59:59Z', '2099-12-31T23:59:59.000Z'],
    ] as const) {
      const created = await setup.owner.api.post<{ task: Task }>('/api/tasks', taskBody({ dueAt }));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data.task.dueAt).toBe(instant);
      const read = await setup.owner.api.get<{ task: Task }>(`/api/tasks/${created.body.data.task.id}`);
      expect(read.body.data.task.dueAt).toBe(instant);
    }
  });

  it('outside the range is a 400 on dueAt that says the range, on create and on edit', async () => {
    const existing = (await setup.owner.api.post<{ task: Task }>('/api/tasks', taskBody())).body.data.task;
    for (const day of outside) {
      const dueAt = `${day}T12:00:00Z`;
      for (const answer of [
        await setup.owner.api.post('/api/tasks', taskBody({ dueAt })),
        await setup.owner.api.put(`/api/tasks/${existing.id}`, taskBody({ dueAt })),
      ]) {
        expect(answer.status, `${dueAt}: ${JSON.stringify(answer.body)}`).toBe(400);
        expect(answer.body.issues).toEqual([{ path: 'dueAt', message: DATE_OUT_OF_RANGE_TEXT }]);
      }
    }
    expect(DATE_OUT_OF_RANGE_TEXT).toBe('Use uma data entre 01/01/1900 e 31/12/2099.');
  });

  it('that is not a day of the calendar stays the date-and-time 400', async () => {
    for (const dueAt of ['2026-02-30T10:00:00Z', '+275760-09-13T00:00:00Z', '2026-01-01', 'amanhã']) {
      const answer = await setup.owner.api.post('/api/tasks', taskBody({ dueAt }));
      expect(answer.status, dueAt).toBe(400);
      expect(answer.body.issues).toEqual([{ path: 'dueAt', message: TASK_DUE_REQUIRED_TEXT }]);
    }
  });
});

describe('a deal’s expectedCloseDate', () => {
  it('is stored exactly as sent at both ends of the range', async () => {
    for (const expectedCloseDate of ['1900-01-01', '2099-12-31']) {
      const created = await setup.owner.api.post<{ deal: Deal }>('/api/sales/deals', {
        title: 'Festa',
        valueCents: 100,
        expectedCloseDate,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data.deal.expectedCloseDate).toBe(expectedCloseDate);
    }
  });

  it('outside the range is a 400 on expectedCloseDate that says the range', async () => {
    for (const expectedCloseDate of outside) {
      const answer = await setup.owner.api.post('/api/sales/deals', {
        title: 'Festa',
        valueCents: 100,
        expectedCloseDate,
      });
      expect(answer.status, expectedCloseDate).toBe(400);
      expect(answer.body.issues).toEqual([{ path: 'expectedCloseDate', message: DATE_OUT_OF_RANGE_TEXT }]);
    }
  });
});

describe('the database layer', () => {
  it('hands back timestamps of any year as the API writes them (no two-digit-year guessing)', async () => {
    const { rows } = await setup.server.db.query<{ first: string; ninetyNine: string; late: string }>(
      `SELECT '0001-01-01T00:00:00Z'::timestamptz AS first,
              '0099-06-01T10:30:00.123456Z'::timestamptz AS "ninetyNine",
              '9999-12-31T23:59:59Z'::timestamptz AS late`,
    );
    expect(rows[0]).toEqual({
      first: '0001-01-01T00:00:00.000Z',
      ninetyNine: '0099-06-01T10:30:00.123Z',
      late: '9999-12-31T23:59:59.000Z',
    });
  });

  it('writes times outside ISO 8601 basic form in its extended form, and infinity as is', async () => {
    const { rows } = await setup.server.db.query<Record<string, string | null>>(
      `SELECT '0044-03-15 12:00:00+00 BC'::timestamptz AS bc,
              '12026-01-02 03:04:05.6+00'::timestamptz AS far,
              'infinity'::timestamptz AS forever,
              '-infinity'::timestamptz AS never,
              NULL::timestamptz AS unset`,
    );
    expect(rows[0]).toEqual({
      bc: '-000043-03-15T12:00:00.000Z',
      far: '+012026-01-02T03:04:05.600Z',
      forever: 'infinity',
      never: '-infinity',
      unset: null,
    });
  });

  it('reads now() in UTC whatever zone the database was set up with', async () => {
    const { rows } = await setup.server.db.query<{ zone: string; now: string }>(
      "SELECT current_setting('TimeZone') AS zone, now() AS now",
    );
    expect(rows[0]!.zone).toBe('UTC');
    expect(rows[0]!.now).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});
