import { queryOptions } from '@tanstack/react-query';
import { getWhatsappStatusContract } from '../../../contracts/whatsapp-status';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import { cacheTime } from '../cache/query-client';

/**
 * GET /api/whatsapp-connections/status (spec §7): the company's WhatsApp connection. Fresh 30 s;
 * read again whenever the tab comes back (the connection may have changed meanwhile).
 */
export const whatsappStatusQuery = queryOptions({
  queryKey: ['whatsapp-connections', 'status'] as const,
  queryFn: ({ signal }) =>
    api
      .get(getWhatsappStatusContract.url, { schema: getWhatsappStatusContract.response, signal })
      .then(unwrapEnvelope),
  staleTime: cacheTime.frequent,
  refetchOnWindowFocus: 'always',
});
