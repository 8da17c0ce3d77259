import { searchText } from '../../../contracts/search-text';

/**
 * What an owner's question (pt-BR, any case and accents) asks about: which kinds of records an answer
 * needs and their parameters. Plain word rules, shared by the online prompt's grounding and the
 * offline answers, so both see the same records.
 */
export interface QuestionIntents {
  /** The question as search compares text (no accents, lower case, punctuation as spaces). */
  normalized: string;
  /** Words that may be names (customers, services, stages): no stop words, 3+ letters. */
  words: string[];
  /** "sem resposta há mais de N dias": customers whose last message is theirs and older than N days. */
  unansweredDays: number | null;
  tasks: 'today' | 'overdue' | 'pending' | null;
  deals: 'stalled' | 'open' | null;
  /** "parado há N dias" (default 7). */
  stalledDays: number;
  services: boolean;
  /** "o que ela disse", "conversa": a named customer's recent messages. */
  messages: boolean;
  /** "achou caro", "desconto": the price objection template. */
  priceObjection: boolean;
  payment: boolean;
  delivery: boolean;
  hours: boolean;
}

const has = (text: string, pattern: RegExp) => pattern.test(text);

const NUMBER_WORDS: Record<string, number> = {
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  quinze: 15,
  trinta: 30,
};

/** "2 dias", "dois dias", "uma semana" → days; null when the question names none. */
function daysIn(text: string): number | null {
  const match = text.match(/(\d{1,3}|[a-z]+) (dias?|semanas?)\b/);
  if (match) {
    const count = /^\d+$/.test(match[1]!) ? Number(match[1]) : NUMBER_WORDS[match[1]!];
    if (count !== undefined && count > 0) return match[2]!.startsWith('semana') ? count * 7 : count;
  }
  if (has(text, /\b(uma|1) semana\b|\bsemana passada\b/)) return 7;
  if (has(text, /\bontem\b/)) return 1;
  return null;
}

/** Words of a question that never name a customer, a service or a stage. */
const STOP_WORDS = new Set(
  `a o as os um uma uns umas de da do das dos em na no nas nos por para pra pro com sem que quem qual quais
  quanto quantos quanta quantas como onde quando porque por que e ou mas se nao sim ja ate mais menos muito
  muita meu minha meus minhas seu sua seus suas dele dela deles delas ele ela eles elas voce voces eu nos
  isso isto esse essa este esta aquele aquela ha tem tenho temos estao esta estou foi sao ser estar ter
  cliente clientes tarefa tarefas venda vendas negocio negocios negociacao proposta propostas etapa etapas
  funil servico servicos produto produtos preco precos valor valores hoje amanha ontem dia dias semana semanas
  mes resposta respostas responder respondo respondi respondeu mensagem mensagens conversa conversas
  ultima ultimas ultimo ultimos falou disse escreveu mandou pediu pedido achou caro cara barato desconto
  atrasada atrasadas atrasado atrasados pendente pendentes aberta abertas aberto abertos parada paradas
  parado parados vencida vencidas fazer faco devo posso pode podem qual quais sobre todos todas tudo algum
  alguma nenhum nenhuma whatsapp catalogo cardapio pagamento pagar entrega entregar horario horarios
  abre fecha funciona atendimento custa custam cobra cobro cobram sugira sugerir sugestao escrever escreva manda mande enviar envie`.split(
    /\s+/,
  ),
);

export function questionIntents(question: string): QuestionIntents {
  const normalized = searchText(question.replace(/[^\p{L}\p{N}\s]+/gu, ' '));
  const words = [...new Set(normalized.split(' '))].filter((w) => w.length >= 3 && !STOP_WORDS.has(w));
  const days = daysIn(normalized);
  const unanswered = has(
    normalized,
    /sem (resposta|retorno)|nao (respond|retorn)|(aguardando|esperando) (resposta|retorno)|ninguem respondeu|sem responder/,
  );
  const stalled = has(normalized, /\b(parad|estagnad|travad|sem (andar|mov|avanc)|encalhad)/);
  const aboutDeals = has(
    normalized,
    /\b(venda|vendas|negocio|negocios|negociac|funil|oportunidade|proposta|propostas|etapa|etapas|pipeline|fechar|fechamento)/,
  );
  const aboutTasks = has(normalized, /\b(tarefa|tarefas|agenda|compromisso|compromissos|afazer|pendencia)/);
  return {
    normalized,
    words,
    unansweredDays: unanswered ? (days ?? 2) : null,
    tasks: aboutTasks
      ? has(normalized, /\b(atrasad|vencid|passou do prazo)/)
        ? 'overdue'
        : has(normalized, /\bhoje\b/)
          ? 'today'
          : 'pending'
      : null,
    deals: aboutDeals || stalled ? (stalled ? 'stalled' : 'open') : null,
    stalledDays: stalled ? (days ?? 7) : 7,
    services: has(
      normalized,
      /\b(servico|servicos|produto|produtos|preco|precos|quanto custa|quanto e|valor|valores|catalogo|cardapio|tabela)/,
    ),
    messages: has(
      normalized,
      /\b(mensagem|mensagens|conversa|conversas|falou|disse|escreveu|mandou|pediu|perguntou|whatsapp)\b/,
    ),
    priceObjection: has(
      normalized,
      /\b(caro|cara|carissimo|desconto|barato|mais em conta|preco alto|objecao)\b/,
    ),
    payment: has(normalized, /\b(pagamento|pagar|pix|cartao|parcel|boleto|dinheiro|forma de pag)/),
    delivery: has(normalized, /\b(entrega|entregar|entregam|frete|envio|enviam|retirada|retirar)/),
    hours: has(
      normalized,
      /\b(horario|horarios|abre|abrem|fecha|fecham|funciona|funcionamento|(?<!em )aberto|expediente)/,
    ),
  };
}
