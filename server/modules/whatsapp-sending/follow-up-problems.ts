import type { FollowUpAction, FollowUpProblem } from '../../../contracts/tasks';

/**
 * Why a follow-up is held back or failed, as the owner reads it (pt-BR), and what they can do. The
 * dispatcher stores the code (follow_up_messages.problem_code) and the text (last_error); the API
 * answers both with the actions. Meta's codes follow ../shared/whatsapp-cloud-api.md's error table.
 */
export const followUpProblemCodes = [
  'NO_CONNECTION',
  'NO_TEMPLATE',
  'NO_PHONE',
  'PAUSED',
  'EXPIRED',
  'UNCERTAIN',
  'GAVE_UP',
  '131047',
  '131026',
  '131048',
  '131049',
  '132000',
  '132001',
  '190',
] as const;
export type FollowUpProblemCode = (typeof followUpProblemCodes)[number];

const catalogue: Record<FollowUpProblemCode, { text: string; actions: FollowUpAction[] }> = {
  NO_CONNECTION: {
    text: 'O WhatsApp da empresa não está conectado. A mensagem sai assim que você conectar.',
    actions: ['connect'],
  },
  NO_TEMPLATE: {
    text: 'Passaram mais de 24 horas desde a última mensagem do cliente e nenhum modelo de mensagem aprovado foi escolhido para follow-ups. Escolha um modelo e envie de novo.',
    actions: ['choose_template', 'send_now'],
  },
  NO_PHONE: {
    text: 'O cliente não tem WhatsApp cadastrado. Informe o número dele e envie de novo.',
    actions: ['check_number', 'send_now'],
  },
  PAUSED: {
    text: 'Você respondeu este cliente pelo celular, então os follow-ups automáticos dele estão pausados.',
    actions: ['resume'],
  },
  EXPIRED: {
    text: 'A mensagem esperou demais pela conexão do WhatsApp e não foi enviada. Envie agora ou reagende.',
    actions: ['send_now', 'reschedule'],
  },
  UNCERTAIN: {
    text: 'O envio foi interrompido e não sabemos se a mensagem chegou. Confira a conversa antes de enviar de novo.',
    actions: ['send_now'],
  },
  GAVE_UP: {
    text: 'Não foi possível enviar a mensagem pelo WhatsApp depois de várias tentativas. Tente de novo mais tarde.',
    actions: ['send_now', 'reschedule'],
  },
  '131047': {
    text: 'Passaram mais de 24 horas desde a última mensagem do cliente, e fora dessa janela o WhatsApp só aceita modelos aprovados.',
    actions: ['choose_template', 'send_now'],
  },
  '131026': {
    text: 'O WhatsApp não conseguiu entregar a mensagem: o número pode não ter WhatsApp. Confira o número com o cliente.',
    actions: ['check_number'],
  },
  '131048': {
    text: 'O WhatsApp limitou os envios deste número por denúncias de spam. Espere algumas horas antes de enviar de novo.',
    actions: ['reschedule'],
  },
  '131049': {
    text: 'O WhatsApp não entregou para manter o cliente longe de excesso de mensagens de marketing. Tente outro dia.',
    actions: ['reschedule'],
  },
  '132000': {
    text: 'O modelo de mensagem escolhido não aceita este texto. Escolha outro modelo e envie de novo.',
    actions: ['choose_template', 'send_now'],
  },
  '132001': {
    text: 'O modelo de mensagem escolhido não existe mais ou não está aprovado. Escolha outro e envie de novo.',
    actions: ['choose_template', 'send_now'],
  },
  '190': {
    text: 'A conexão com o WhatsApp expirou. Reconecte o número; a mensagem sai depois disso.',
    actions: ['reconnect'],
  },
};

const isKnown = (code: string): code is FollowUpProblemCode => code in catalogue;

/** The problem the API answers for a stored code (and text): unknown codes keep the stored text. */
export function followUpProblem(code: string | null, storedText: string | null): FollowUpProblem | null {
  if (code === null && storedText === null) return null;
  if (code !== null && isKnown(code))
    return { code, ...catalogue[code], actions: [...catalogue[code].actions] };
  return { code: code ?? 'FAILED', text: storedText ?? catalogue.GAVE_UP.text, actions: ['send_now'] };
}

/** The pt-BR text stored in last_error for a code. */
export const followUpProblemText = (code: FollowUpProblemCode): string => catalogue[code].text;
