import { searchText } from '../../../contracts/search-text';
import { brl, localDateTime } from './company-records';
import { type ContextRecord, distinctRecords } from './context-records';
import type { Grounding } from './grounding';

/**
 * The offline advisor (no LLM configured): rules and templates over the same grounding the online
 * prompt gets. Lists with names and dates, a reply template for price objections, and the training's
 * own words for policies and FAQ. It never writes as if it were an AI; the client says it is offline.
 */
export interface OfflineAnswer {
  text: string;
  records: ContextRecord[];
}

interface Section {
  text: string;
  records: ContextRecord[];
}

const quote = (text: string | null) => (text ? `“${oneLine(text, 160)}”` : '(mídia)');
const oneLine = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};
const daysText = (days: number) => (days === 1 ? '1 dia' : `${days} dias`);

export const OFFLINE_NOTHING_FOUND_TEXT =
  'Não encontrei nos seus dados nada sobre essa pergunta. Posso ajudar com clientes (pelo nome, ou sem resposta há alguns dias), tarefas de hoje e atrasadas, vendas em aberto ou paradas, serviços e preços do catálogo, e o que está no treinamento da IA (pagamento, entrega, horário e perguntas frequentes).';

export function offlineAnswer(g: Grounding): OfflineAnswer {
  const sections: Section[] = [];
  const { timezone } = g.company;
  const customerName = g.customers[0]?.name;

  if (g.unanswered !== null) {
    const days = g.intents.unansweredDays ?? 2;
    sections.push(
      g.unanswered.length === 0
        ? { text: `Nenhum cliente está sem resposta há mais de ${daysText(days)}.`, records: [] }
        : {
            text: [
              `Clientes sem resposta há mais de ${daysText(days)}:`,
              ...g.unanswered.map(
                (u) =>
                  `- ${u.name}: escreveu em ${localDateTime(u.lastAt, timezone)} (há ${daysText(u.days)}): ${quote(u.lastMessage)}`,
              ),
            ].join('\n'),
            records: g.unanswered.map((u) => u.record),
          },
    );
  }

  if (g.intents.priceObjection) sections.push(priceObjectionReply(g));

  if (g.customers.length > 0 && g.unanswered === null) {
    const c = g.customers[0]!;
    const details = [
      c.tags.length > 0 ? `etiquetas: ${c.tags.join(', ')}` : null,
      c.notes ? `observações: ${oneLine(c.notes, 200)}` : null,
    ].filter(Boolean);
    sections.push({
      text: `Cliente: ${c.name}${details.length > 0 ? ` (${details.join('; ')})` : ''}.`,
      records: [c.record],
    });
  }

  if (g.tasks !== null) {
    const whose = customerName ? ` de ${customerName}` : '';
    const title =
      g.intents.tasks === 'today'
        ? `Tarefas de hoje${whose}`
        : g.intents.tasks === 'overdue'
          ? `Tarefas atrasadas${whose}`
          : `Tarefas pendentes${whose}`;
    sections.push(
      g.tasks.length === 0
        ? { text: `${title}: nenhuma.`, records: [] }
        : {
            text: [
              `${title}:`,
              ...g.tasks.map(
                (t) =>
                  `- ${t.title}: ${t.overdue ? 'venceu' : 'vence'} em ${localDateTime(t.dueAt, timezone)}${t.customerName && !customerName ? `, cliente ${t.customerName}` : ''}${t.overdue ? ' (atrasada)' : ''}`,
              ),
            ].join('\n'),
            records: g.tasks.map((t) => t.record),
          },
    );
  }

  if (g.deals !== null) {
    const whose = customerName ? ` de ${customerName}` : '';
    const title =
      g.intents.deals === 'stalled'
        ? `Vendas paradas na mesma etapa há mais de ${daysText(g.intents.stalledDays)}${whose}`
        : `Vendas em aberto${whose}`;
    sections.push(
      g.deals.length === 0
        ? { text: `${title}: nenhuma.`, records: [] }
        : {
            text: [
              `${title}:`,
              ...g.deals.map(
                (d) =>
                  `- ${d.title}${d.customerName && !customerName ? ` (${d.customerName})` : ''}: ${d.stageName}, ${brl(d.valueCents)}, há ${daysText(d.daysInStage)} nesta etapa`,
              ),
            ].join('\n'),
            records: g.deals.map((d) => d.record),
          },
    );
  }

  if (g.services.length > 0 && !g.intents.priceObjection) {
    sections.push({
      text: [
        'Serviços do catálogo:',
        ...g.services.map(
          (s) =>
            `- ${s.name}: ${brl(s.priceCents)}${s.description ? ` (${oneLine(s.description, 120)})` : ''}`,
        ),
      ].join('\n'),
      records: g.services.map((s) => s.record),
    });
  }

  if (g.messages.length > 0) {
    sections.push({
      text: [
        `Últimas mensagens com ${g.messages[0]!.customerName}:`,
        ...g.messages.map(
          (m) =>
            `- ${localDateTime(m.sentAt, timezone)}, ${m.inbound ? m.customerName : 'você'}: ${quote(m.body)}`,
        ),
      ].join('\n'),
      records: g.messages.map((m) => m.record),
    });
  }

  const notes = g.trainingNotes.filter(
    (n) => !(g.intents.priceObjection && (n.record.id === 'paymentPolicy' || n.record.id === 'toneOfVoice')),
  );
  for (const note of notes) {
    sections.push({ text: `${note.title}: ${note.text}`, records: [note.record] });
  }

  if (sections.length === 0) return { text: OFFLINE_NOTHING_FOUND_TEXT, records: [] };
  return {
    text: sections.map((s) => s.text).join('\n\n'),
    records: distinctRecords(sections.flatMap((s) => s.records)),
  };
}

/** Sentences of a template without the words the training says to avoid (a sentence with one goes). */
export function avoidingWords(sentences: string[], wordsToAvoid: string[]): string[] {
  const avoid = wordsToAvoid.map((w) => searchText(w)).filter(Boolean);
  return sentences.filter((s) => !avoid.some((w) => searchText(s).includes(w)));
}

export const isFormal = (tone: string) => /\bformal|\bsenhor|\bsra?\b|respeit/.test(searchText(tone));

/** "Como respondo um cliente que achou caro?": a reply in the training's tone, payment and catalogue. */
function priceObjectionReply(g: Grounding): Section {
  const formal = isFormal(g.training.toneOfVoice);
  const cheapest = [...g.services].sort((a, b) => a.priceCents - b.priceCents).slice(0, 2);
  const payment = g.trainingNotes.find((n) => n.record.id === 'paymentPolicy');
  const tone = g.trainingNotes.find((n) => n.record.id === 'toneOfVoice');
  const sentences = avoidingWords(
    [
      formal ? 'Compreendo a sua preocupação com o valor.' : 'Entendo, e obrigado por falar com a gente!',
      g.training.businessDescription
        ? `O nosso preço reflete o cuidado com cada detalhe: ${oneLine(g.training.businessDescription, 160)}`
        : 'O nosso preço reflete a qualidade e o cuidado com cada detalhe do trabalho.',
      ...(cheapest.length > 0
        ? [
            `Se ${formal ? 'preferir' : 'quiser'}, temos também ${cheapest
              .map((s) => `${s.name} por ${brl(s.priceCents)}`)
              .join(' ou ')}.`,
          ]
        : []),
      ...(payment ? [`Para facilitar: ${oneLine(payment.text, 200)}`] : []),
      formal
        ? 'Posso ajudar a encontrar a melhor opção para o(a) senhor(a)?'
        : 'Posso te ajudar a escolher a melhor opção?',
    ],
    g.training.wordsToAvoid,
  );
  const intro = tone
    ? `Uma resposta possível para quem achou caro, no tom do seu negócio (${oneLine(tone.text, 80)}):`
    : 'Uma resposta possível para quem achou caro:';
  return {
    text: `${intro}\n\n“${sentences.join(' ')}”\n\nMostre o valor antes do preço, ofereça uma opção mais em conta e facilite o pagamento, sem baixar o preço logo de cara.`,
    records: [
      ...(tone ? [tone.record] : []),
      ...(payment ? [payment.record] : []),
      ...cheapest.map((s) => s.record),
    ],
  };
}
