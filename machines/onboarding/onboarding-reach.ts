import {
  isBrazilianMobile,
  normalizePhoneNumber,
  withCountryCode,
} from '../../contracts/brazil/mobile-phone';
import type { OnboardingStatus, OnboardingStep, PhoneVerificationSent } from '../../contracts/onboarding';

/**
 * Spec §2's reachability rules, as pure functions of the server's status: which step pages a user
 * may open, and where anything else goes. The onboarding chart's guards call these.
 */

/** A step page the URL asks for; `step: null` is /onboarding itself ("the current step's page"). */
export interface StepRequest {
  step: OnboardingStep | null;
  /** The `phone` search parameter of /onboarding/verify-phone, as it came. */
  phone: string | null;
}

/** A Brazilian mobile written any way (with or without +55, masked), as digits with 55; else null. */
export function mobileWithCountryCode(input: string | null | undefined): string | null {
  if (!input) return null;
  const normalized = normalizePhoneNumber(input);
  return isBrazilianMobile(normalized) ? withCountryCode(normalized) : null;
}

/** The number a code would be checked for: the URL's, else the one a code went to, else the status's. */
export function phoneToVerify(
  request: StepRequest | null,
  status: OnboardingStatus | null,
  sentTo: string | null,
): string | null {
  return (
    mobileWithCountryCode(request?.phone) ??
    mobileWithCountryCode(sentTo) ??
    mobileWithCountryCode(status?.prefillData.phone)
  );
}

/**
 * A step is reachable if it is the current one or the steps before it are done (user name set,
 * company created, phone verified; the trial needs all three). Someone who joined a company by
 * invitation has neither the company step nor the trial. Verify-phone is allowed while the
 * current step is phone (or verifyPhone itself), and only for a number known from the URL, a code
 * just sent, or the status.
 */
export function isReachable(
  step: OnboardingStep,
  status: OnboardingStatus,
  request: StepRequest | null,
  sentTo: string | null,
): boolean {
  const done = status.signupSteps;
  switch (step) {
    case 'userName':
      return true;
    case 'companyDetails':
      // An invited person's company is the owner's: its details are not theirs to fill in.
      return !status.joinedByInvitation && (status.currentStep === step || done.userNameSet);
    case 'phone':
      return status.currentStep === step || (done.userNameSet && done.hasCompanyCreated);
    case 'verifyPhone':
      return (
        (status.currentStep === 'phone' || status.currentStep === 'verifyPhone') &&
        phoneToVerify(request, status, sentTo) !== null
      );
    case 'trial':
      return (
        !status.joinedByInvitation &&
        (status.currentStep === step || (done.userNameSet && done.hasCompanyCreated && done.phoneVerified))
      );
  }
}

/**
 * The page the user is sent to instead: the current step's, except verify-phone without a number
 * to verify, which is the phone form's.
 */
export function currentStepPage(
  status: OnboardingStatus,
  request: StepRequest | null,
  sentTo: string | null,
): OnboardingStep {
  if (status.currentStep === 'verifyPhone' && phoneToVerify(request, status, sentTo) === null) return 'phone';
  return status.currentStep;
}

/**
 * The number already verified (the user came back from the trial): sent again, it goes on without a
 * code. Null while none is.
 */
export function verifiedNumber(status: OnboardingStatus | null): string | null {
  return status?.signupSteps.phoneVerified ? status.prefillData.phone : null;
}

/**
 * The status once a code went out: verify-phone is current, the number known (as the server has it)
 * and the code's times pending, as the next status load would say.
 */
export function statusAfterCodeSent(status: OnboardingStatus, sent: PhoneVerificationSent): OnboardingStatus {
  return {
    ...status,
    currentStep: 'verifyPhone',
    prefillData: { ...status.prefillData, phone: sent.phoneNumber },
    pendingVerification: sent,
  };
}

/**
 * The times of the code pending for `phoneNumber`: the last send this page saw, else the status's
 * (a reload, or a visit back to the step), else none.
 */
export function codeSentTo(
  phoneNumber: string | null,
  sent: PhoneVerificationSent | null,
  status: OnboardingStatus | null,
): PhoneVerificationSent | null {
  if (phoneNumber === null) return null;
  if (sent?.phoneNumber === phoneNumber) return sent;
  const pending = status?.pendingVerification ?? null;
  return pending?.phoneNumber === phoneNumber ? pending : null;
}
