import { searchText } from '../../../contracts/search-text';
import { answerSoon, namedTime, spokenTime } from './named-time';
import type { Proposal } from './proposal';
import type { TurnContext } from './turn-context';

/** "quero fechar", "pode mandar o pix", "fechado": the customer is buying now. */
const CLOSING =
  /\b(quero fechar|vamos fechar|pode fechar|podemos fechar|fechado|fechou|fechamos|(pode |podem )?(manda|mandar|mande|me passa|me passar|passa|me envia|envia|enviar) (o |a )?(pix|chave( do)? pix)|qual (e )?(a )?chave( do)? pix|confirmo o pedido|pode confirmar)\b/;
/** "vou querer", "quero encomendar": the customer wants it, the deal moves on. */
const WANTING = /\b(vou querer|vou levar|quero encomendar|quero pedir|gostaria de encomendar|quero sim)\b/;
/** "quanto custa", "qual o valor", "me faz um orçamento". */
const PRICE =
  /\b(quanto (custa|custaria|fica|ficaria|sai|sairia|e|seria|cobra|cobram)|qual (e )?(o )?(valor|preco)|valores|precos?|orcamentos?|tabela de precos?)\b/;
/** A turn that only thanks or agrees asks for nothing. */
const ACKNOWLEDGEMENT =
  /^((ok|okay|blz|beleza|certo|combinado|perfeito|show|top|otimo|legal|entendi|(muito )?obrigad[oa]|valeu|grat[oa]|\p{Extended_Pictographic})[\s!.,]*)+$/u;

/** The catalogue service the turn names, longest name first ("bolo de pote" before "bolo"). */
function namedService(context: TurnContext, text: string) {
  return [...context.services]
    .sort((a, b) => b.name.length - a.name.length)
    .find((service) => {
      const name = searchText(service.name);
      return name.length >= 3 && text.includes(name);
    });
}

const quoted = (name: string) => `“${name}”`;

/**
 * The offline watcher: pt-BR rules over the turn. Closing words move the customer's open deal to the
 * won stage (or open a deal when there is none), wanting words to the next stage; a price question
 * asks for a task to answer it, at the time the customer named or soon; thanks and anything else
 * propose nothing. Customer text is only matched, never obeyed.
 */
export function offlineProposal(context: TurnContext): Proposal | null {
  const text = searchText(context.turn.map((message) => message.body).join('\n'));
  if (!text || ACKNOWLEDGEMENT.test(text)) return null;
  const service = namedService(context, text);
  const deal = context.openDeals[0];

  const closing = CLOSING.test(text);
  if (closing || WANTING.test(text)) {
    if (deal) {
      const current = context.stages.find((stage) => stage.id === deal.stageId);
      const target = closing
        ? context.stages.find((stage) => stage.kind === 'won')
        : context.stages.find(
            (stage) => current && stage.position > current.position && stage.kind !== 'lost',
          );
      if (!target || target.id === deal.stageId) return null;
      return {
        kind: 'stage-change',
        reason: closing
          ? `O cliente disse que quer fechar: mover ${quoted(deal.title)} para ${quoted(target.name)}.`
          : `O cliente confirmou que quer: mover ${quoted(deal.title)} para ${quoted(target.name)}.`,
        dealId: deal.id,
        toStageId: target.id,
      };
    }
    const title = service
      ? `${service.name} — ${context.customer.name}`
      : `Pedido de ${context.customer.name}`;
    return {
      kind: 'deal',
      reason: service
        ? `O cliente quer ${service.name}: abrir uma venda.`
        : 'O cliente disse que quer comprar: abrir uma venda.',
      title,
      valueCents: service?.priceCents ?? null,
      serviceId: service?.id ?? null,
    };
  }

  if (PRICE.test(text)) {
    const named = namedTime(text, context.clock);
    const local = named ?? answerSoon(context.clock);
    const what = service ? `orçamento de ${service.name}` : 'orçamento';
    return {
      kind: 'task',
      reason: named
        ? `O cliente pediu o ${what} para ${spokenTime(named)}.`
        : `O cliente pediu o ${what} e está esperando resposta.`,
      description: `Responder ${what} — ${context.customer.name}`,
      due: { local },
    };
  }
  return null;
}
