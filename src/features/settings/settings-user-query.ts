import { queryOptions } from '@tanstack/react-query';
import { getSettingsUserContract } from '../../../contracts/settings';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';

/** GET /api/settings/user (spec §7): the signed-in user, read from `data.getUser`. */
export const settingsUserQuery = queryOptions({
  queryKey: ['settings', 'user'] as const,
  queryFn: ({ signal }) =>
    api
      .get(getSettingsUserContract.url, { schema: getSettingsUserContract.response, signal })
      .then(unwrapEnvelope)
      .then((data) => data.getUser),
});
