/**
 * The expiry cut-off: a follow-up counts from its time, or from the owner's "Enviar agora" when that
 * came later. Past FOLLOW_UP_EXPIRY_HOURS it is expired rather than sent: a reminder for yesterday
 * arriving today reads as a mistake.
 */

export const DEFAULT_FOLLOW_UP_EXPIRY_HOURS = 24;

/**
 * SQL that is true when the follow-up `alias` is past the cut-off; `hoursParam` is the placeholder
 * ($n) holding the hours. greatest() ignores a NULL send_requested_at.
 */
export const pastCutOffSql = (alias: string, hoursParam: string) =>
  `greatest(${alias}.scheduled_for, ${alias}.send_requested_at) < now() - make_interval(hours => ${hoursParam}::int)`;
