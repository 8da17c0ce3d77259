import { queryOptions, useQuery } from '@tanstack/react-query';
import { listMembersContract } from '../../../contracts/team';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';

/** The company's members (GET /api/team/members): the assignee pickers and the "minhas" filters. */
export const teamMembersQuery = queryOptions({
  queryKey: ['team', 'members'],
  queryFn: ({ signal }) =>
    api
      .get(listMembersContract.url, { schema: listMembersContract.response, signal })
      .then(unwrapEnvelope)
      .then((data) => data.members),
  // Who is in the team changes rarely; a picker need not refetch on every mount.
  staleTime: 60_000,
});

/**
 * Whether the company has more than one member: only then are "Responsável" and "Minhas / De
 * todos" offered (alone, everything is one's own). False until the list has loaded.
 */
export function useHasTeam(): boolean {
  const members = useQuery(teamMembersQuery);
  return (members.data?.length ?? 0) > 1;
}
