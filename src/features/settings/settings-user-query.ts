import { queryOptions } from '@tanstack/react-query';
import { getSettingsUserContract } from '../../../contracts/settings';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import { cacheRoots } from '../../lib/cache/cache-roots';

/** GET /api/settings/user (spec §7): the signed-in user, read from `data.getUser`. */
export const settingsUserQuery = queryOptions({
  queryKey: cacheRoots.settingsUser,
  queryFn: ({ signal }) =>
    api
      .get(getSettingsUserContract.url, { schema: getSettingsUserContract.response, signal })
      .then(unwrapEnvelope)
      .then((data) => data.getUser),
});
