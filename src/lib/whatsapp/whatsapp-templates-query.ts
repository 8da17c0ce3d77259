import { queryOptions } from '@tanstack/react-query';
import { listWhatsappTemplatesContract } from '../../../contracts/whatsapp-templates';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';

/**
 * GET /api/whatsapp-connections/templates: the company's approved templates, read from Meta (409
 * without a working connection). Under the connection's key, so a new connection reads them again.
 */
export const whatsappTemplatesQuery = queryOptions({
  queryKey: ['whatsapp-connections', 'templates'] as const,
  // Whoever shows them offers "Tentar novamente": Meta's refusal shows at once.
  retry: false,
  queryFn: ({ signal }) =>
    api
      .get(listWhatsappTemplatesContract.url, { schema: listWhatsappTemplatesContract.response, signal })
      .then(unwrapEnvelope)
      .then((data) => data.templates),
});
