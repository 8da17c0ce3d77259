/** The suggestion card's words (pt-BR), shared by the view and the path model. */
export const AI_SUGGESTION_TEXTS = {
  title: 'Sugestões da conversa',
  accept: 'Aceitar',
  accepting: 'Aceitando...',
  dismiss: 'Dispensar',
  dismissing: 'Dispensando...',
  accepted: 'Sugestão aceita.',
  dismissed: 'Sugestão dispensada.',
  kindTask: 'Tarefa',
  kindDeal: 'Nova venda',
  kindStageChange: 'Mudar etapa',
  loadFailed: 'Não foi possível carregar as sugestões.',
} as const;
