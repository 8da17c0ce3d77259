/** What the sales board's server answers in pt-BR (the contract holds the form's own texts). */
export const DEAL_NOT_FOUND_TEXT = 'Venda não encontrada.';
export const STAGE_NOT_FOUND_TEXT = 'Etapa não encontrada.';
export const DEAL_SERVICE_ARCHIVED_TEXT = 'Este serviço está arquivado. Escolha um serviço ativo.';
export const DEAL_SERVICE_REPEATED_TEXT = 'Este serviço já está na venda.';
export const STAGE_ORDER_TEXT = 'Envie todas as etapas do funil, cada uma uma vez.';
