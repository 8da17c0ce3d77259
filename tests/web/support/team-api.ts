import { type FakeRoutes, HeldCalls, ok } from './fake-api';

/** GET /api/team/members answering these people (the first one the owner). */
export function teamRoutes(names: string[]): FakeRoutes {
  const members = names.map((name, i) => ({
    userId: `u-${i}`,
    name,
    email: `p${i}@exemplo.com.br`,
    role: i === 0 ? 'owner' : 'staff',
  }));
  const calls = new HeldCalls(ok({ members }));
  return (request) =>
    new URL(request.url).pathname === '/api/team/members' ? calls.receive(request) : undefined;
}
