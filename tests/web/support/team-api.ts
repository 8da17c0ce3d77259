import type { Role } from '../../../contracts/roles';
import { type FakeRoutes, HeldCalls, ok } from './fake-api';

export interface FakeMember {
  userId: string;
  name: string | null;
  email: string;
  role: Role;
}

/** Members named `names`, the first the owner; `u-ana` is the signed-in person of the tests' session. */
export function membersNamed(names: string[], ids: string[] = []): FakeMember[] {
  return names.map((name, i) => ({
    userId: ids[i] ?? `u-${i}`,
    name,
    email: `p${i}@exemplo.com.br`,
    role: i === 0 ? 'owner' : 'staff',
  }));
}

/** GET /api/team/members answering these people. */
export function teamRoutes(members: FakeMember[]): FakeRoutes {
  const calls = new HeldCalls(ok({ members }));
  return (request) =>
    new URL(request.url).pathname === '/api/team/members' ? calls.receive(request) : undefined;
}
