/** The advisor chat's own words (/home/advisor), shared by the view, its path plan and its drivers. */
export const ADVISOR_LOAD_FAILED_TEXT = 'Erro ao carregar a conversa';

export const advisorChatTexts = {
  /** The page's heading (spec §2 gives /home/advisor no title). */
  heading: 'Consultor IA',
  loading: 'Carregando conversa...',
  retryHint: 'Verifique sua conexão e tente novamente.',
  emptyTitle: 'Pergunte ao consultor',
  emptyText: 'Ele responde com base no treinamento da IA, nos seus serviços e nos dados da sua empresa.',
  examplesLabel: 'Perguntas de exemplo',
  questionLabel: 'Sua pergunta',
  questionPlaceholder: 'Pergunte algo sobre seus clientes, tarefas ou vendas',
  send: 'Enviar',
  stop: 'Parar',
  writing: 'Escrevendo...',
  stopped: 'Resposta interrompida.',
  sourcesLabel: 'Registros usados',
  clear: 'Limpar conversa',
  clearQuestion: 'Apagar toda a conversa com o consultor? Isso não pode ser desfeito.',
  clearConfirm: 'Apagar conversa',
  clearCancel: 'Cancelar',
  clearing: 'Apagando...',
};

/** The empty chat's examples: one click asks them. */
export const ADVISOR_EXAMPLE_QUESTIONS = [
  'Quais clientes estão sem resposta há mais de 2 dias?',
  'Como respondo um cliente que achou caro?',
  'Quais tarefas estão atrasadas?',
  'Quais negócios estão parados?',
] as const;
