import { queryOptions } from '@tanstack/react-query';
import { getFreeTrialContract, getOnboardingStatusContract } from '../../../contracts/onboarding';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import { onboardingStatusQueryTiming } from '../../lib/cache/query-client';

export const ONBOARDING_QUERY_KEY = ['onboarding'] as const;

/** GET /api/onboarding/status; stale after 30 s (spec §9). Commands put their answer here. */
export const onboardingStatusQuery = queryOptions({
  queryKey: [...ONBOARDING_QUERY_KEY, 'status'] as const,
  queryFn: ({ signal }) =>
    api
      .get(getOnboardingStatusContract.url, { schema: getOnboardingStatusContract.response, signal })
      .then(unwrapEnvelope),
  ...onboardingStatusQueryTiming,
});

/** GET /api/onboarding/free-trial: what "Tudo pronto para começar" offers. */
export const freeTrialQuery = queryOptions({
  queryKey: [...ONBOARDING_QUERY_KEY, 'free-trial'] as const,
  queryFn: ({ signal }) =>
    api.get(getFreeTrialContract.url, { schema: getFreeTrialContract.response, signal }).then(unwrapEnvelope),
});
