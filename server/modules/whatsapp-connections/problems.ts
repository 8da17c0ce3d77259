import type { WhatsappConnectionProblem } from '../../../contracts/whatsapp-status';
import type { GraphError } from '../../integrations/whatsapp/graph-client';

/** What went wrong while connecting, told to the owner with what to do (pt-BR). */
export const connectionProblems = {
  codeExpired: {
    code: 'CODE_EXPIRED',
    detail:
      'A autorização da Meta expirou (ela vale só 30 segundos) ou já foi usada. Clique em conectar e conclua o cadastro de novo.',
  },
  exchangeRefused: {
    code: 'CODE_REFUSED',
    detail: 'A Meta recusou a autorização do Fechaí. Clique em conectar e conclua o cadastro de novo.',
  },
  noPhoneNumber: {
    code: 'NO_PHONE_NUMBER',
    detail:
      'A conta do WhatsApp Business foi criada, mas ainda não tem um número. Adicione um número no Gerenciador do WhatsApp da Meta e conecte de novo.',
  },
  pinMismatch: {
    code: '133005',
    detail:
      'Este número já tem uma confirmação em duas etapas com outro PIN. Desative a confirmação em duas etapas do número no Gerenciador do WhatsApp da Meta e conecte de novo.',
  },
  tooManyRegisterAttempts: {
    code: '133016',
    detail:
      'A Meta bloqueou novas tentativas de registrar este número por até 72 horas (limite de 10 tentativas). Aguarde e conecte de novo.',
  },
  pendingReview: {
    code: '133010',
    detail:
      'O número ainda está em análise pela Meta e não pode ser usado. Aguarde a aprovação no Gerenciador do WhatsApp e conecte de novo.',
  },
} as const satisfies Record<string, WhatsappConnectionProblem>;

/** Meta's error code (or ours) and a detail that says what failed and what to do. */
function problem(error: GraphError, what: string): WhatsappConnectionProblem {
  return { code: String(error.code || error.status), detail: what };
}

/** The code exchange failed: an expired or used code, or anything else Meta refused. */
export function exchangeProblem(error: GraphError): WhatsappConnectionProblem {
  // 100 with subcode 36007 (expired) or 36009 (used), as Meta answers them.
  if (error.code === 100 && (error.subcode === 36007 || error.subcode === 36009))
    return connectionProblems.codeExpired;
  if (/expired|been used/i.test(error.message)) return connectionProblems.codeExpired;
  return connectionProblems.exchangeRefused;
}

export function subscribeProblem(error: GraphError): WhatsappConnectionProblem {
  return problem(
    error,
    'A Meta não deixou o Fechaí receber as mensagens desta conta do WhatsApp Business. Confira as permissões concedidas e conecte de novo.',
  );
}

export function registerProblem(error: GraphError): WhatsappConnectionProblem {
  if (error.code === 133005) return connectionProblems.pinMismatch;
  if (error.code === 133016) return connectionProblems.tooManyRegisterAttempts;
  if (error.code === 133010) return connectionProblems.pendingReview;
  return problem(
    error,
    'A Meta não ativou o número na API do WhatsApp. Confira o número no Gerenciador do WhatsApp da Meta e conecte de novo.',
  );
}

export function lookupProblem(error: GraphError): WhatsappConnectionProblem {
  return problem(
    error,
    'Não foi possível ler os números desta conta do WhatsApp Business. Confira as permissões concedidas e conecte de novo.',
  );
}

export function templatesProblem(error: GraphError): WhatsappConnectionProblem {
  return problem(
    error,
    'A Meta não deixou o Fechaí ler os modelos de mensagem desta conta do WhatsApp Business. Confira as permissões concedidas no Gerenciador do WhatsApp da Meta e tente de novo.',
  );
}
