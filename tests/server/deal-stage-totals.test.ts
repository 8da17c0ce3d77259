import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal, DealStage, SalesBoard } from '../../contracts/sales';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, signedInApi } from '../support/signed-in-api';
import { createTeamMember } from '../support/team-members';

/**
 * The board's column totals (and "minhas") are kept as counters (migration 040): after every kind of
 * change they must be exactly what counting the deals says.
 */
describe('the board’s column totals', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('match the deals after creations, moves, edits, reassignments and deletions, "minhas" too', async () => {
    const owner = await newSubscriber(server);
    const member = await createTeamMember(server.db, owner.companyId, 'staff');
    const memberApi = signedInApi(server.url, member);
    const stages = (await owner.api.get<{ stages: DealStage[] }>('/api/sales/stages')).body.data.stages;
    const open = stages.filter((stage) => stage.kind === 'open');
    const won = stages.find((stage) => stage.kind === 'won')!;

    /** What the board answers against what counting the deals says, for everyone and for each person. */
    async function expectTotalsRight(): Promise<void> {
      for (const [api, assignee] of [
        [owner.api, null],
        [owner.api, owner.account.userId],
        [memberApi, member.userId],
      ] as const) {
        const board = (await api.get<SalesBoard>(`/api/sales/board${assignee ? '?assignee=me' : ''}`)).body
          .data;
        const { rows } = await server.db.query<{ stage_id: string; count: number; total: number }>(
          `SELECT stage_id, count(*)::int AS count, sum(value_cents)::float8 AS total FROM deals
            WHERE company_id = $1 AND ($2::uuid IS NULL OR assignee_user_id = $2) GROUP BY stage_id`,
          [owner.companyId, assignee],
        );
        for (const column of board.columns) {
          const counted = rows.find((row) => row.stage_id === column.stage.id);
          expect([column.stage.name, column.totalCount, column.totalValueCents]).toEqual([
            column.stage.name,
            counted?.count ?? 0,
            counted?.total ?? 0,
          ]);
        }
      }
    }

    const create = async (
      title: string,
      valueCents: number,
      stage: DealStage,
      assigneeUserId?: string | null,
    ) => {
      const answer = await owner.api.post<{ deal: Deal }>('/api/sales/deals', {
        title,
        valueCents,
        stageId: stage.id,
        ...(assigneeUserId === undefined ? {} : { assigneeUserId }),
      });
      expect(answer.status).toBe(201);
      return answer.body.data.deal;
    };
    const cake = await create('Bolo', 10_000, open[0]!);
    const sweets = await create('Docinhos', 2_500, open[0]!, member.userId);
    const party = await create('Festa', 40_000, open[1]!, null);
    await create('Torta', 7_000, open[1]!);
    await expectTotalsRight();

    // Moved across columns and inside one, won, edited in value and assignee, deleted.
    expect(
      (await owner.api.post(`/api/sales/deals/${cake.id}/move`, { stageId: open[1]!.id, index: 0 })).status,
    ).toBe(200);
    expect(
      (await owner.api.post(`/api/sales/deals/${party.id}/move`, { stageId: open[1]!.id, index: 2 })).status,
    ).toBe(200);
    expect(
      (await owner.api.post(`/api/sales/deals/${sweets.id}/move`, { stageId: won.id, index: 0 })).status,
    ).toBe(200);
    await expectTotalsRight();
    const edited = await owner.api.put(`/api/sales/deals/${cake.id}`, {
      title: 'Bolo de dois andares',
      valueCents: 15_000,
      assigneeUserId: member.userId,
      stageId: open[1]!.id,
    });
    expect(edited.status).toBe(200);
    expect((await owner.api.delete(`/api/sales/deals/${party.id}`)).status).toBe(200);
    await expectTotalsRight();

    // Other code: a bulk change in one statement, and the member's account deleted (their deals are
    // left without an assignee).
    await server.db.query(`UPDATE deals SET value_cents = value_cents + 1 WHERE company_id = $1`, [
      owner.companyId,
    ]);
    await server.db.query('DELETE FROM memberships WHERE user_id = $1', [member.userId]);
    await server.db.query('DELETE FROM users WHERE id = $1', [member.userId]);
    const { rows } = await server.db.query<{ unassigned: number }>(
      'SELECT count(*)::int AS unassigned FROM deals WHERE company_id = $1 AND assignee_user_id IS NULL',
      [owner.companyId],
    );
    expect(rows[0]!.unassigned).toBe(2);
    const board = (await owner.api.get<SalesBoard>('/api/sales/board')).body.data;
    const { rows: counted } = await server.db.query<{ count: number; total: number }>(
      'SELECT count(*)::int AS count, sum(value_cents)::float8 AS total FROM deals WHERE company_id = $1',
      [owner.companyId],
    );
    expect(board.columns.reduce((sum, column) => sum + column.totalCount, 0)).toBe(counted[0]!.count);
    expect(board.columns.reduce((sum, column) => sum + column.totalValueCents, 0)).toBe(counted[0]!.total);
  });
});
