/** pt-BR texts the tasks routes answer (the contract's own texts live in contracts/tasks.ts). */
export const TASK_NOT_FOUND_TEXT = 'Tarefa não encontrada.';
export const FOLLOW_UP_NOT_FOUND_TEXT = 'Mensagem de follow-up não encontrada.';
