import { queryOptions } from '@tanstack/react-query';
import {
  getCustomerWhatsappContract,
  listCustomerFollowUpsContract,
} from '../../../../contracts/whatsapp-sending';
import { api } from '../../../api/client';
import { contractUrl } from '../../../api/contract-url';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';
import { customerKeys } from '../../../lib/customers/customer-keys';

/**
 * The customer's side of WhatsApp sending. Both live under the customer's detail key, which
 * followup.changed and the follow-up commands mark stale.
 */

/** GET /api/customers/{id}/whatsapp: the 24-hour window, paused follow-ups, an undeliverable number. */
export function customerWhatsappQuery(customerId: string) {
  return queryOptions({
    queryKey: customerKeys.whatsapp(customerId),
    // The reply box offers "Tentar novamente" itself: a failure shows at once.
    retry: false,
    queryFn: ({ signal }) =>
      api
        .get(contractUrl(getCustomerWhatsappContract.url, customerId), {
          schema: getCustomerWhatsappContract.response,
          signal,
        })
        .then(unwrapEnvelope),
  });
}

/** GET /api/customers/{id}/follow-ups: those not yet at their end, scheduled first. */
export function customerFollowUpsQuery(customerId: string) {
  return queryOptions({
    queryKey: customerKeys.followUps(customerId),
    queryFn: ({ signal }) =>
      api
        .get(contractUrl(listCustomerFollowUpsContract.url, customerId), {
          schema: listCustomerFollowUpsContract.response,
          signal,
        })
        .then(unwrapEnvelope)
        .then((data) => data.items),
  });
}
