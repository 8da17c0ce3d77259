import { useSelector } from '@xstate/react';
import type { OnboardingActor } from '../../../machines/onboarding/onboarding.machine';
import type { PhoneVerificationActor } from '../../../machines/phone-verification/phone-verification.machine';
import { PhoneVerificationView } from '../../ui/phone-verification/PhoneVerificationView';

/** "Validação de telefone": the SMS code, through the shared phone-verification view. */
export function VerifyPhoneStep({ onboarding }: { onboarding: OnboardingActor }) {
  const verification = useSelector(
    onboarding,
    (s) => s.children.phoneVerification as PhoneVerificationActor | undefined,
  );
  if (!verification) return null;
  return <PhoneVerificationView verification={verification} />;
}
