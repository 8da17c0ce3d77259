import { fromPromise } from 'xstate';
import { setCancelAtPeriodEndContract } from '../../../../contracts/billing';
import type { RenewalOutput } from '../../../../machines/checkout/renewal.machine';
import { api } from '../../../api/client';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';

/** The renewal chart's `saveRenewal`: PUT /api/settings/subscription/cancel-at-period-end. */
export const saveRenewal = fromPromise<RenewalOutput, { cancelAtPeriodEnd: boolean }>(
  async ({ input, signal }) =>
    unwrapEnvelope(
      await api.put(setCancelAtPeriodEndContract.url, {
        body: { cancelAtPeriodEnd: input.cancelAtPeriodEnd },
        schema: setCancelAtPeriodEndContract.response,
        signal,
      }),
    ),
);
