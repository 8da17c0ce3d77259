import type { WhatsappConnectionProblem } from '../../contracts/whatsapp-status';

/**
 * What the owner reads on the not-ready and error pages: why (the problem's own text, from the
 * server or the popup) and what to do about it, by the problem's code (Meta's or ours).
 */
const whatToDo: Readonly<Record<string, string>> = {
  POPUP_BLOCKED:
    'Permita janelas pop-up para este site nas configurações do navegador e toque em "Tentar novamente".',
  SIGNUP_UNAVAILABLE: 'Verifique sua internet e tente de novo em alguns instantes.',
  CODE_EXPIRED: 'Faça a conexão de novo sem fechar esta página até o fim.',
  NO_PHONE_NUMBER:
    'Na janela do Facebook, escolha ou cadastre um número de telefone para a sua conta do WhatsApp Business.',
  WHATSAPP_ALREADY_CONNECTED:
    'Sua empresa já tem um WhatsApp conectado. Desconecte-o antes de conectar outro.',
  WHATSAPP_NUMBER_IN_USE:
    'Este número já está conectado a outra empresa no Fechaí. Desconecte-o por lá ou use outro número.',
  '133005':
    'O número tem uma verificação em duas etapas com outro PIN. Desative-a no WhatsApp Manager e tente de novo.',
  '133016': 'O WhatsApp limitou as tentativas de registro deste número. Espere 72 horas e tente de novo.',
  '190': 'A permissão dada ao Fechaí expirou. Conecte o WhatsApp de novo.',
};

const DEFAULT_ERROR_ADVICE = 'Tente conectar de novo. Se o problema continuar, fale com o nosso suporte.';
const DEFAULT_NOT_READY_ADVICE =
  'Conclua as pendências da sua conta no Gerenciador do WhatsApp Business (nome de exibição, verificação da empresa, forma de pagamento) e tente de novo.';

export function adviceFor(problem: WhatsappConnectionProblem | null, kind: 'error' | 'notReady'): string {
  const known = problem ? whatToDo[problem.code] : undefined;
  return known ?? (kind === 'notReady' ? DEFAULT_NOT_READY_ADVICE : DEFAULT_ERROR_ADVICE);
}

const UNKNOWN_PROBLEM_TEXT = 'Não foi possível concluir a conexão com o WhatsApp.';
const NOT_READY_TEXT = 'Seu número foi conectado, mas o WhatsApp ainda não liberou o envio de mensagens.';

/** Why, in words: the problem's own text, else a general one for the page. */
export function reasonFor(problem: WhatsappConnectionProblem | null, kind: 'error' | 'notReady'): string {
  return problem?.detail || (kind === 'notReady' ? NOT_READY_TEXT : UNKNOWN_PROBLEM_TEXT);
}
