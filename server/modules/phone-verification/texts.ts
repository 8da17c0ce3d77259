/** What phone verification answers people, in pt-BR (the envelope's `error`). */

export const PHONE_IN_USE_TEXT = 'Este celular já está em uso em outra conta.';
export const WRONG_USER_TEXT = 'Você só pode validar o celular da sua própria conta.';
export const NO_PENDING_CODE_TEXT = 'Nenhum código foi enviado para este número. Peça um novo código.';
export const EXPIRED_CODE_TEXT = 'Este código expirou. Peça um novo código.';
export const TOO_MANY_ATTEMPTS_TEXT = 'Muitas tentativas. Peça um novo código.';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function wrongCodeText(attemptsLeft: number): string {
  return `Código incorreto. Você tem mais ${plural(attemptsLeft, 'tentativa', 'tentativas')}.`;
}

export function cooldownText(seconds: number): string {
  return `Aguarde ${plural(seconds, 'segundo', 'segundos')} para pedir um novo código.`;
}

export function hourlyCapText(minutes: number): string {
  return `Você pediu muitos códigos. Tente novamente em ${plural(minutes, 'minuto', 'minutos')}.`;
}

/** The SMS itself: who sends it, the code, how long it lasts, and not to share it. */
export function verificationSmsText(code: string, ttlMinutes: number): string {
  return `Fechaí: seu código de verificação é ${code}. Ele vale por ${ttlMinutes} minutos. Não compartilhe este código.`;
}
