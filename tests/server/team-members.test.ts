import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { realtimeCloseCodes, realtimeProtocol } from '../../contracts/realtime';
import type { Task } from '../../contracts/tasks';
import { MEMBER_NOT_FOUND_TEXT, NOT_YOURSELF_TEXT, type Team, type TeamMember } from '../../contracts/team';
import { sessionHeadersFor } from '../support/auth';
import { waitFor } from '../support/db';
import { newSubscriber, withSubscriberServer } from '../support/signed-in-api';
import { taskBody } from '../support/task-fixtures';
import { joinTeam } from '../support/team';

/**
 * Issue 15: the owner changes a member's role and removes members. Removal ends the person's sign-ins
 * at once (the next call is a 401, the refresh is refused, an open realtime socket is closed) and
 * leaves what they did with the company.
 */

const setup = withSubscriberServer();

type MemberAnswer = { member: TeamMember };

describe('changing a role', () => {
  it("changes another member's role, which their next call already has", async () => {
    const { server, owner } = setup;
    const member = await joinTeam(server, owner, 'staff');
    expect((await member.api.get('/api/settings/team')).status).toBe(403);

    const changed = await owner.api.put<MemberAnswer>(`/api/settings/team/members/${member.account.userId}`, {
      role: 'manager',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.member).toMatchObject({
      userId: member.account.userId,
      role: 'manager',
      isYou: false,
    });
    const session = await member.api.get<{ role: string }>('/api/session/check');
    expect(session.body.data.role).toBe('manager');
    expect((await member.api.get('/api/settings/team')).status).toBe(403);

    // A second owner may be named; then either could manage the team.
    const promoted = await owner.api.put<MemberAnswer>(
      `/api/settings/team/members/${member.account.userId}`,
      {
        role: 'owner',
      },
    );
    expect(promoted.body.data.member.role).toBe('owner');
    expect((await member.api.get('/api/settings/team')).status).toBe(200);
  });

  it('refuses the caller themself (409) and anyone not in the company (404)', async () => {
    const { server, owner } = setup;
    const self = await owner.api.put(`/api/settings/team/members/${owner.account.userId}`, { role: 'staff' });
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ code: 'CONFLICT', error: NOT_YOURSELF_TEXT });
    expect((await owner.api.delete(`/api/settings/team/members/${owner.account.userId}`)).status).toBe(409);

    const stranger = await newSubscriber(server);
    const other = await owner.api.put(`/api/settings/team/members/${stranger.account.userId}`, {
      role: 'staff',
    });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe(MEMBER_NOT_FOUND_TEXT);
    expect((await owner.api.delete(`/api/settings/team/members/${stranger.account.userId}`)).status).toBe(
      404,
    );

    // Nor can that company's owner touch ours.
    const member = await joinTeam(server, owner, 'staff');
    expect(
      (await stranger.api.put(`/api/settings/team/members/${member.account.userId}`, { role: 'manager' }))
        .status,
    ).toBe(404);
    expect((await stranger.api.delete(`/api/settings/team/members/${member.account.userId}`)).status).toBe(
      404,
    );
    expect((await stranger.api.delete(`/api/settings/team/members/${owner.account.userId}`)).status).toBe(
      404,
    );

    const bad = await owner.api.put(`/api/settings/team/members/${member.account.userId}`, { role: 'chefe' });
    expect(bad.status).toBe(400);
    expect((await owner.api.put('/api/settings/team/members/not-a-uuid', { role: 'staff' })).status).toBe(
      400,
    );
    const roles = await server.db.query<{ role: string }>(
      'SELECT role FROM memberships WHERE user_id = $1 AND company_id = $2',
      [member.account.userId, owner.companyId],
    );
    expect(roles.rows[0]?.role).toBe('staff');
  });

  it('a manager or staff member cannot change roles or remove anyone (403)', async () => {
    const { server, owner } = setup;
    const manager = await joinTeam(server, owner, 'manager');
    const staff = await joinTeam(server, owner, 'staff');
    for (const caller of [manager, staff]) {
      expect(
        (await caller.api.put(`/api/settings/team/members/${owner.account.userId}`, { role: 'staff' }))
          .status,
      ).toBe(403);
      expect((await caller.api.delete(`/api/settings/team/members/${owner.account.userId}`)).status).toBe(
        403,
      );
    }
  });
});

describe('removing a member', () => {
  it('ends their sign-ins at once: next call 401, refresh refused, realtime socket closed; their rows stay', async () => {
    const { server, owner } = setup;
    const member = await joinTeam(server, owner, 'staff');
    const created = await member.api.post<{ task: Task }>(
      '/api/tasks',
      taskBody({ title: 'Tarefa da atendente' }),
    );
    expect(created.status).toBe(201);

    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/realtime`, [
      realtimeProtocol,
      member.account.accessToken,
    ]);
    const messages: { type: string }[] = [];
    let closeCode = 0;
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    socket.on('close', (code) => {
      closeCode = code;
    });
    socket.on('error', () => {});
    await waitFor(() => messages.some((m) => m.type === 'ready'), { what: 'the socket to be ready' });

    const removed = await owner.api.delete(`/api/settings/team/members/${member.account.userId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ removed: true });

    // The server's heartbeat is 30 s: a close well before it is the removal's doing.
    await waitFor(() => closeCode !== 0, { what: 'the socket to close', timeoutMs: 5_000 });
    expect(closeCode).toBe(realtimeCloseCodes.unauthenticated);

    const next = await member.api.get('/api/tasks');
    expect(next.status).toBe(401);
    const refresh = await fetch(`${server.url}/api/session/check`, {
      headers: sessionHeadersFor({ refreshToken: member.account.refreshToken }),
    });
    expect(refresh.status).toBe(401);
    const sessions = await server.db.query<{ revoked_reason: string }>(
      'SELECT revoked_reason FROM auth_sessions WHERE user_id = $1',
      [member.account.userId],
    );
    expect(sessions.rows.map((row) => row.revoked_reason)).toEqual(['member_removed']);

    // The task stays with the company; the person (their name) stays as a user.
    const task = await owner.api.get<{ task: Task }>(`/api/tasks/${created.body.data.task.id}`);
    expect(task.status).toBe(200);
    expect(task.body.data.task.title).toBe('Tarefa da atendente');
    const user = await server.db.query('SELECT 1 FROM users WHERE id = $1', [member.account.userId]);
    expect(user.rows).toHaveLength(1);
    const team = await owner.api.get<Team>('/api/settings/team');
    expect(team.body.data.members.map((m) => m.userId)).not.toContain(member.account.userId);
  });

  it('moves the current company of someone removed to another company of theirs', async () => {
    const { server, owner } = setup;
    const elsewhere = await newSubscriber(server);
    const member = await joinTeam(server, owner, 'manager', { existing: elsewhere.account });
    const current = await server.db.query<{ current_company_id: string }>(
      'SELECT current_company_id FROM users WHERE id = $1',
      [member.account.userId],
    );
    expect(current.rows[0]?.current_company_id).toBe(owner.companyId);

    expect((await owner.api.delete(`/api/settings/team/members/${member.account.userId}`)).status).toBe(200);
    const after = await server.db.query<{ current_company_id: string }>(
      'SELECT current_company_id FROM users WHERE id = $1',
      [member.account.userId],
    );
    expect(after.rows[0]?.current_company_id).toBe(elsewhere.companyId);
    // Their own company is untouched, and they are no longer in ours.
    const theirs = await server.db.query(
      'SELECT company_id FROM memberships WHERE user_id = $1 ORDER BY company_id',
      [member.account.userId],
    );
    expect(theirs.rows).toEqual([{ company_id: elsewhere.companyId }]);
  });
});
