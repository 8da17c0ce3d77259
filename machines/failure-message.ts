/**
 * What a chart shows when an actor's call failed: the refusal's text (ApiError carries the
 * envelope's pt-BR message), or the thrown value as text.
 */
export function failureMessage(error: unknown): string {
  return typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
    ? (error as { message: string }).message
    : String(error);
}
