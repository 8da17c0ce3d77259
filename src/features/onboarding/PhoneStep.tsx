import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import {
  formatBrazilianPhone,
  isBrazilianMobile,
  normalizePhoneNumber,
  withCountryCode,
} from '../../../contracts/brazil/mobile-phone';
import { INVALID_MOBILE_TEXT } from '../../../contracts/onboarding';
import type { OnboardingActor } from '../../../machines/onboarding/onboarding.machine';
import { verifiedNumber } from '../../../machines/onboarding/onboarding-reach';
import { sendFailureText } from '../../ui/phone-verification/verification-texts';

type StepProps = { onboarding: OnboardingActor };

/** "Telefone": a Brazilian mobile, masked as (DD) 12345-6789; a code goes to it by SMS. */
export function PhoneStep({ onboarding }: StepProps) {
  const known = useSelector(
    onboarding,
    (s) => s.context.phoneNumber ?? s.context.status?.prefillData.phone ?? '',
  );
  const [phone, setPhone] = useState(() => formatBrazilianPhone(known));
  // Back from the trial: the number already verified goes on without a code (the chart's rule).
  const verified = useSelector(onboarding, (s) =>
    s.matches({ phone: 'editing' }) ? verifiedNumber(s.context.status) : null,
  );
  const typed = normalizePhoneNumber(phone);
  const keepsVerified = verified !== null && isBrazilianMobile(typed) && withCountryCode(typed) === verified;
  const [invalid, setInvalid] = useState<string | null>(null);
  const busy = useSelector(onboarding, (s) => s.matches({ phone: 'sending' }));
  const failure = useSelector(onboarding, (s) => s.context.failure);
  const fieldIssue =
    failure?.kind === 'failed'
      ? failure.issues?.find((issue) => issue.path === 'phoneNumber')?.message
      : undefined;
  const error = invalid ?? fieldIssue;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: digits (a leading plus kept), then the country code by the one helper.
    const normalized = normalizePhoneNumber(phone);
    if (!isBrazilianMobile(normalized)) {
      setInvalid(INVALID_MOBILE_TEXT);
      return;
    }
    setInvalid(null);
    onboarding.send({ type: 'SUBMIT_PHONE', phoneNumber: withCountryCode(normalized) });
  };

  return (
    <form className="onboarding-form" noValidate onSubmit={submit}>
      <p className="card__text">
        Informe seu celular. Vamos enviar um código por SMS para confirmar que ele é seu.
      </p>
      <div className="onboarding-field">
        <label className="onboarding-field__label" htmlFor="onboarding-phone">
          Celular com DDD
        </label>
        <div className="onboarding-phone">
          <span className="onboarding-phone__country" aria-hidden="true">
            +55
          </span>
          <input
            id="onboarding-phone"
            className="onboarding-field__input"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(11) 91234-5678"
            value={phone}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'onboarding-phone-error' : undefined}
            onChange={(event) => {
              setPhone(formatBrazilianPhone(event.target.value));
              setInvalid(null);
            }}
          />
        </div>
        {error && (
          <p id="onboarding-phone-error" className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
      {failure && (
        <p className="form-error" role="alert">
          {sendFailureText(failure)}
        </p>
      )}
      {keepsVerified ? <p className="card__text">Este número já foi confirmado.</p> : null}
      <button type="submit" className="button button--primary onboarding-form__submit" disabled={busy}>
        {busy ? 'Enviando código...' : keepsVerified ? 'Continuar' : 'Enviar código'}
      </button>
    </form>
  );
}
