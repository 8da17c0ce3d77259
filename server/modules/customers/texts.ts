/** What the customers routes answer people, in pt-BR (the envelope's `error`). */

export const CUSTOMER_NOT_FOUND_TEXT = 'Cliente não encontrado.';
export const IMPORT_CONFLICT_TEXT =
  'Outro cadastro de cliente foi salvo durante a importação. Envie este lote novamente.';
