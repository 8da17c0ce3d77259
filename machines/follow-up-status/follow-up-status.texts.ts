/** The owner's words for a follow-up's commands and their outcomes (the view's and the paths'). */
export const followUpCommandTexts = {
  sendNow: 'Enviar agora',
  sendingNow: 'Enviando...',
  resume: 'Retomar follow-ups',
  resuming: 'Retomando...',
  /** The toast once "Enviar agora" was taken. */
  sentNow: 'Mensagem na fila para envio.',
  /** The toast once "Retomar follow-ups" was taken. */
  resumed: 'Follow-ups retomados.',
} as const;
