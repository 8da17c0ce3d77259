import { shallowEqual, useSelector } from '@xstate/react';
import { type ClipboardEvent, type ReactNode, useId } from 'react';
import { formatBrazilianPhone } from '../../../contracts/brazil/mobile-phone';
import type {
  PhoneVerificationActor,
  PhoneVerificationSnapshot,
} from '../../../machines/phone-verification/phone-verification.machine';
import { minutesAndSeconds, useSecondsLeft } from './useSecondsLeft';
import { CODE_LENGTH_TEXT, codeFailureText, sendFailureText } from './verification-texts';
import './phone-verification.css';

type PhoneVerificationViewProps = {
  /** A running phone-verification chart (onboarding's child, or the settings page's own). */
  verification: PhoneVerificationActor;
};

/**
 * The SMS code form (spec §2 verify-phone and "Valide seu telefone"): the number the code went to,
 * one field for the 6 digits (the phone's one-time-code suggestion, numeric keypad, pasting a whole
 * message works), "Validar", "Reenviar código" counting down to when another may be asked for,
 * and "Alterar número". With no code pending yet, it says so and offers to send the first one.
 * The embedding page gives the heading.
 */
export function PhoneVerificationView({ verification }: PhoneVerificationViewProps) {
  const unsent = useSelector(verification, (s) => s.matches('unsent'));
  return unsent ? <FirstCodeForm verification={verification} /> : <CodeForm verification={verification} />;
}

/** What the code form renders of the chart. */
function codeFormView(s: PhoneVerificationSnapshot) {
  const { phoneNumber, code, codeFailure, sendFailure, resent, resendAvailableAt, now } = s.context;
  return {
    phoneNumber,
    code,
    codeFailure,
    sendFailure,
    resent,
    resendAvailableAt,
    now,
    verifying: s.matches({ active: { code: 'verifying' } }),
    incomplete: s.matches({ active: { code: 'incomplete' } }),
    rejected: s.matches({ active: { code: 'rejected' } }),
    coolingDown: s.matches({ active: { resend: 'coolingDown' } }),
    sending: s.matches({ active: { resend: 'sending' } }),
    resendFailed: s.matches({ active: { resend: 'failed' } }),
    /** "Reenviar código" is usable (not while counting down or sending). */
    canResend: s.can({ type: 'RESEND' }),
  };
}

/** The code that was sent: its field, "Validar", the resend and "Alterar número". */
function CodeForm({ verification }: PhoneVerificationViewProps) {
  const id = useId();
  const view = useSelector(verification, codeFormView, shallowEqual);
  const { verifying, incomplete, rejected, coolingDown, sending, resendFailed, canResend } = view;
  const { codeFailure, sendFailure } = view;
  const secondsLeft = useSecondsLeft(coolingDown ? view.resendAvailableAt : null, view.now);

  const codeError = incomplete
    ? CODE_LENGTH_TEXT
    : rejected && codeFailure
      ? codeFailureText(codeFailure)
      : null;
  const codeErrorId = `${id}-code-error`;
  const hintId = `${id}-hint`;

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    // The whole message may be pasted ("Seu código Fechaí: 123456"): the chart keeps the digits.
    const text = event.clipboardData.getData('text');
    if (!text) return;
    event.preventDefault();
    verification.send({ type: 'CHANGE_CODE', code: text });
  };

  return (
    <StepForm verification={verification} submit={{ type: 'SUBMIT' }}>
      <p className="phone-verification__sent-to">
        Enviamos um código de 6 números por SMS para <ShownPhone phoneNumber={view.phoneNumber} />.
      </p>

      <div className="phone-verification__field">
        <label className="phone-verification__label" htmlFor={`${id}-code`}>
          Código de verificação
        </label>
        <input
          id={`${id}-code`}
          className="phone-verification__code"
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          spellCheck={false}
          value={view.code}
          readOnly={verifying}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={codeError ? `${codeErrorId} ${hintId}` : hintId}
          onChange={(event) => verification.send({ type: 'CHANGE_CODE', code: event.target.value })}
          onPaste={onPaste}
        />
        <p id={hintId} className="phone-verification__hint">
          O código vale por 10 minutos.
        </p>
        {codeError && (
          <p id={codeErrorId} className="form-error" role="alert">
            {codeError}
          </p>
        )}
      </div>

      <button
        type="submit"
        className="button button--primary phone-verification__submit"
        disabled={verifying}
      >
        {verifying ? 'Validando...' : 'Validar'}
      </button>

      <div className="phone-verification__actions">
        <button
          type="button"
          className="phone-verification__link"
          disabled={!canResend}
          onClick={() => verification.send({ type: 'RESEND' })}
        >
          {sending
            ? 'Enviando código...'
            : coolingDown
              ? `Reenviar código em ${minutesAndSeconds(secondsLeft)}`
              : 'Reenviar código'}
        </button>
        <ChangeNumberButton verification={verification} />
      </div>

      {resendFailed && sendFailure && (
        <p className="form-error" role="alert">
          {sendFailureText(sendFailure)}
        </p>
      )}
      {view.resent && !resendFailed && (
        <p className="phone-verification__notice" role="status">
          Enviamos um novo código.
        </p>
      )}
    </StepForm>
  );
}

/** No code is pending for the number (the page was opened directly): say so, offer to send one. */
function FirstCodeForm({ verification }: PhoneVerificationViewProps) {
  const { phoneNumber, sendFailure, sending, failed } = useSelector(
    verification,
    (s) => ({
      phoneNumber: s.context.phoneNumber,
      sendFailure: s.context.sendFailure,
      sending: s.matches({ unsent: 'sending' }),
      failed: s.matches({ unsent: 'failed' }),
    }),
    shallowEqual,
  );
  return (
    <StepForm verification={verification} submit={{ type: 'SEND' }}>
      <p className="phone-verification__sent-to">
        Ainda não enviamos um código para <ShownPhone phoneNumber={phoneNumber} />. Envie um código por SMS
        para confirmar que o número é seu.
      </p>
      {failed && sendFailure ? (
        <p className="form-error" role="alert">
          {sendFailureText(sendFailure)}
        </p>
      ) : null}
      <button type="submit" className="button button--primary phone-verification__submit" disabled={sending}>
        {sending ? 'Enviando código...' : 'Enviar código'}
      </button>
      <div className="phone-verification__actions">
        <ChangeNumberButton verification={verification} />
      </div>
    </StepForm>
  );
}

/** The form of either state: sending it is `submit` (the code, or the first code). */
function StepForm({
  verification,
  submit,
  children,
}: PhoneVerificationViewProps & { submit: { type: 'SUBMIT' | 'SEND' }; children: ReactNode }) {
  return (
    <form
      className="phone-verification"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        verification.send(submit);
      }}
    >
      {children}
    </form>
  );
}

function ShownPhone({ phoneNumber }: { phoneNumber: string }) {
  return <strong className="phone-verification__phone">{formatBrazilianPhone(phoneNumber)}</strong>;
}

/** "Alterar número": back to the form that sent the code. */
function ChangeNumberButton({ verification }: PhoneVerificationViewProps) {
  return (
    <button
      type="button"
      className="phone-verification__link"
      onClick={() => verification.send({ type: 'CHANGE_NUMBER' })}
    >
      Alterar número
    </button>
  );
}
