import type { CallFailure } from '../../../machines/phone-verification/call-failure';
import { ANSWER_FALLBACK, NO_ANSWER_FALLBACK } from '../../api/error-text';

/** Spec §8, to the letter: a code that could not be sent. */
export const SEND_FAILED_TEXT = 'Ops! Falha ao enviar código de verificação.';
/** Spec §5, to the letter: no user id in the session. */
export const MISSING_USER_TEXT = 'Sessão de usuário não encontrada. Por favor, faça login novamente.';
/** The contract's words for a code that is not 6 digits. */
export const CODE_LENGTH_TEXT = 'O código tem 6 números.';

/** Spec §8: a send that failed with 500 shows the server's text (or the default); any other, the default. */
export function sendFailureText(failure: CallFailure): string {
  if (failure.kind === 'missingUser') return MISSING_USER_TEXT;
  // The client's own fallbacks mean the server said nothing.
  const said = ![ANSWER_FALLBACK, NO_ANSWER_FALLBACK, ''].includes(failure.message.trim());
  if (failure.status === 500 && said) return failure.message;
  return SEND_FAILED_TEXT;
}

/** A verify call that failed shows the server's text (wrong code, expired, too many tries). */
export function codeFailureText(failure: CallFailure): string {
  return failure.kind === 'missingUser' ? MISSING_USER_TEXT : failure.message;
}
