import type { AnyEventObject } from 'xstate';

/**
 * A server refusal as the app's actors reject it (ApiError's shape: the envelope's text, the HTTP
 * status, the code), for path models' actor errors.
 */
export function refusal(
  message: string,
  status: number,
  code: string,
): Error & { status: number; code: string } {
  return Object.assign(new Error(message), { status, code });
}

/**
 * A path step's actor result as the answer a driver gives the call: the chart's output with 200,
 * or a refusal's status and envelope.
 */
export function plannedAnswer<C extends string>(
  event: AnyEventObject,
): { do: 'answer'; call: C; status: number; body: unknown } {
  const call = event.type.replace(/^xstate\.(done|error)\.actor\./, '') as C;
  if (event.type.startsWith('xstate.done.actor.'))
    return { do: 'answer', call, status: 200, body: event.output };
  const error = event.error as { message: string; status: number; code?: string };
  return {
    do: 'answer',
    call,
    status: error.status,
    body: { success: false, error: error.message, code: error.code ?? 'INTERNAL_ERROR' },
  };
}
