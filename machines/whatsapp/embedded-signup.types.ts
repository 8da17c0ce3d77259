import type { EmbeddedSignupFinish } from '../../contracts/whatsapp-connection';
import type { WhatsappConnectionMode, WhatsappConnectionProblem } from '../../contracts/whatsapp-status';

/** What Meta's popup (or the local simulator's) hands back when the owner finishes it. */
export interface EmbeddedSignupResult {
  code: string;
  finish: EmbeddedSignupFinish;
  wabaId: string;
  /** Null after FINISH_ONLY_WABA: the server looks the number up. */
  phoneNumberId: string | null;
  businessId: string | null;
}

export interface EmbeddedSignupInput {
  mode: WhatsappConnectionMode;
}

/**
 * Why the popup gave no code: the owner closed it (`cancelled`, at Meta's `current_step`), the
 * browser blocked it (`blocked`), or it could not start (`unavailable`: the SDK or the config did not load).
 */
type EmbeddedSignupFailure = 'cancelled' | 'blocked' | 'unavailable';

export class EmbeddedSignupError extends Error {
  override readonly name = 'EmbeddedSignupError';
  constructor(
    readonly kind: EmbeddedSignupFailure,
    message: string,
    readonly currentStep: string | null = null,
  ) {
    super(message);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The popup was closed by the owner before the end (not an error to show as one). */
export function isCancelled(error: unknown): boolean {
  return isRecord(error) && error.name === 'EmbeddedSignupError' && error.kind === 'cancelled';
}

/**
 * A rejection as the pages show it: the popup's failures by kind, a call's by the server's code and
 * text (the app's ApiError), anything else by its message.
 */
export function problemOf(error: unknown): WhatsappConnectionProblem {
  if (isRecord(error) && error.name === 'EmbeddedSignupError') {
    const detail = typeof error.message === 'string' ? error.message : '';
    if (error.kind === 'blocked') return { code: 'POPUP_BLOCKED', detail };
    return { code: 'SIGNUP_UNAVAILABLE', detail };
  }
  const detail = isRecord(error) && typeof error.message === 'string' ? error.message : String(error);
  const code =
    isRecord(error) && typeof error.code === 'string'
      ? error.code
      : isRecord(error) && typeof error.status === 'number'
        ? `HTTP_${error.status}`
        : 'NO_ANSWER';
  return { code, detail };
}
