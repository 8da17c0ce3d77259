import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import {
  type CompanyDetails,
  type FreeTrial,
  type OnboardingStatus,
  type PhoneVerificationSent,
  saveCompanyContract,
  saveUserNameContract,
  sendPhoneVerificationContract,
  startFreeTrialContract,
  verifyPhoneContract,
} from '../../../contracts/onboarding';
import { onboardingMachine, type SendFirstCodeInput } from '../../../machines/onboarding/onboarding.machine';
import { statusAfterCodeSent } from '../../../machines/onboarding/onboarding-reach';
import { MissingUserError } from '../../../machines/phone-verification/call-failure';
import {
  type CodeSent,
  phoneVerificationMachine,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../../machines/phone-verification/phone-verification.machine';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import type { SessionActor } from '../../app/session/session-context';
import { fetchQueryActor } from '../../lib/cache/fetch-query-actor';
import { forgetReferral, referralClaim } from '../../lib/referral/referral-record';
import { trackNamePrefilled, trackSignupStarted } from './onboarding-analytics';
import { freeTrialQuery, ONBOARDING_QUERY_KEY, onboardingStatusQuery } from './onboarding-status-query';
import { refreshSession } from './refresh-session';

/**
 * The onboarding chart with the app's calls (spec §7: /api/onboarding/*), the status cache
 * (TanStack Query, spec §9: every command puts the status it answers there), the session and
 * analytics (spec §4).
 */
export function createOnboardingMachine(queryClient: QueryClient, session: SessionActor) {
  const remember = (status: OnboardingStatus) => {
    queryClient.setQueryData(onboardingStatusQuery.queryKey, status);
    return status;
  };
  const userId = () => session.getSnapshot().context.user?.id || null;

  const send = async (phoneNumber: string, id: string | null, isResend: boolean, signal: AbortSignal) => {
    // Spec §5: the send names the user; without one the session is broken and nothing is asked.
    if (!id) throw new MissingUserError();
    const sent = unwrapEnvelope(
      await api.post(sendPhoneVerificationContract.url, {
        body: { phoneNumber, userId: id, isResend },
        schema: sendPhoneVerificationContract.response,
        signal,
      }),
    );
    const status = queryClient.getQueryData(onboardingStatusQuery.queryKey);
    if (status) remember(statusAfterCodeSent(status, sent));
    return sent;
  };

  const phoneVerification = phoneVerificationMachine.provide({
    actors: {
      sendCode: fromPromise<CodeSent, SendCodeInput>(({ input, signal }) =>
        send(input.phoneNumber, userId(), input.isResend, signal),
      ),
      verifyCode: fromPromise<unknown, VerifyCodeInput>(async ({ input, signal }) =>
        remember(
          unwrapEnvelope(
            await api.post(verifyPhoneContract.url, {
              body: input,
              schema: verifyPhoneContract.response,
              signal,
            }),
          ),
        ),
      ),
    },
  });

  return onboardingMachine.provide({
    actors: {
      loadStatus: fetchQueryActor(queryClient, onboardingStatusQuery),
      saveUserName: fromPromise<OnboardingStatus, { name: string }>(async ({ input, signal }) =>
        remember(
          unwrapEnvelope(
            await api.put(saveUserNameContract.url, {
              body: { name: input.name },
              schema: saveUserNameContract.response,
              signal,
            }),
          ),
        ),
      ),
      // The referral kept on arrival goes with the company (spec §3), then is forgotten once saved.
      saveCompany: fromPromise<OnboardingStatus, CompanyDetails>(async ({ input, signal }) => {
        const referral = referralClaim();
        const status = unwrapEnvelope(
          await api.post(saveCompanyContract.url, {
            body: referral ? { ...input, referral } : input,
            schema: saveCompanyContract.response,
            signal,
          }),
        );
        forgetReferral();
        return remember(status);
      }),
      sendCode: fromPromise<PhoneVerificationSent, SendFirstCodeInput>(({ input, signal }) =>
        send(input.phoneNumber, input.userId, false, signal),
      ),
      phoneVerification,
      loadFreeTrial: fetchQueryActor(queryClient, freeTrialQuery),
      startFreeTrial: fromPromise<FreeTrial>(async ({ signal }) => {
        const trial = unwrapEnvelope(
          await api.post(startFreeTrialContract.url, { schema: startFreeTrialContract.response, signal }),
        );
        // Sign-up is complete now: the cached status and offer are out of date.
        queryClient.removeQueries({ queryKey: ONBOARDING_QUERY_KEY });
        return trial;
      }),
      refreshSession: fromPromise<void>(() => refreshSession(session)),
    },
    actions: {
      trackSignupStarted: ({ context }) => trackSignupStarted(context.userId),
      trackNamePrefilled: ({ context }, { name }) => trackNamePrefilled(context.userId, name),
      // The company changes the session's hasCompany; nothing waits for it.
      refreshSessionLater: () => session.send({ type: 'REFRESH' }),
    },
  });
}
