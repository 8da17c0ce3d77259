/** "Sugerir mensagem": the sheet's words, shared by the view and the paths. */
export const suggestMessageTexts = {
  open: 'Sugerir mensagem',
  title: (customerName: string | null) =>
    customerName ? `Mensagem para ${customerName}` : 'Sugerir mensagem',
  drafting: 'Escrevendo sugestão...',
  message: 'Mensagem',
  regenerate: 'Gerar outra',
  sendNow: 'Enviar agora',
  sending: 'Enviando...',
  when: 'Agendar para',
  date: 'Data',
  time: 'Horário',
  schedule: 'Agendar',
  scheduling: 'Agendando...',
  retry: 'Tentar novamente',
  back: 'Editar mensagem',
  cancel: 'Cancelar',
  close: 'Fechar',
  sources: 'Com base em',
  whenAhead: 'Escolha uma data e um horário a partir de agora.',
  /** The reply box's words: without a working connection nothing goes now (a follow-up waits for it). */
  unavailable: 'Conecte o WhatsApp da empresa para enviar agora. Agendada, a mensagem espera a conexão.',
  windowClosed:
    'A janela de 24 horas deste cliente está fechada: fora dela o WhatsApp só aceita um modelo aprovado. Agende a mensagem: ela vai como o modelo de follow-up da empresa.',
  /** A task's follow-up goes at the task's time: scheduling at another moves the task. */
  taskMoves: 'A tarefa passa para este horário.',
  /** A task that has a follow-up gets this one in its place. */
  replacesFollowUp: 'Substitui a mensagem de follow-up que a tarefa já tem.',
  sent: 'Mensagem enviada.',
  scheduled: 'Mensagem agendada.',
  /** The task a deal's or a conversation's schedule creates. */
  taskTitle: (customerName: string) => `Enviar mensagem para ${customerName}`.slice(0, 140),
} as const;
