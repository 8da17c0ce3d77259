import type { PhoneVerificationSent } from '../../../../contracts/onboarding';
import { sendPhoneChangeCodeContract, verifyPhoneChangeContract } from '../../../../contracts/settings';
import { api } from '../../../api/client';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';

/** POST /api/settings/phone/send-verification: a code to the new number (first send or resend). */
export async function sendPhoneChangeCode(
  body: { phoneNumber: string; isResend: boolean },
  signal: AbortSignal,
): Promise<PhoneVerificationSent> {
  return unwrapEnvelope(
    await api.post(sendPhoneChangeCodeContract.url, {
      body: { phoneNumber: body.phoneNumber, isResend: body.isResend },
      schema: sendPhoneChangeCodeContract.response,
      signal,
    }),
  );
}

/** POST /api/settings/phone/verify: the code checks out, the new number replaces the old one. */
export async function verifyPhoneChangeCode(
  body: { phoneNumber: string; code: string },
  signal: AbortSignal,
): Promise<{ mobilePhone: string }> {
  return unwrapEnvelope(
    await api.post(verifyPhoneChangeContract.url, {
      body: { phoneNumber: body.phoneNumber, code: body.code },
      schema: verifyPhoneChangeContract.response,
      signal,
    }),
  );
}
