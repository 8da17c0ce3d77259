import type { AiTrainingInput } from '../../../contracts/ai-training';
import { searchText } from '../../../contracts/search-text';
import type { Queryable } from '../../db/types';
import {
  activeServices,
  type CompanyFacts,
  type CustomerFacts,
  customersNamed,
  type DealFacts,
  loadCompanyFacts,
  type MessageFacts,
  namesAnOpenStage,
  openDeals,
  pendingTasks,
  recentMessages,
  type ServiceFacts,
  type TaskFacts,
  type UnansweredFacts,
  unansweredCustomers,
} from './company-records';
import { type ContextRecord, distinctRecords } from './context-records';
import { type QuestionIntents, questionIntents } from './question-intents';
import { recordLinks } from './record-links';

/**
 * What an answer to one question may use: the company's records the question needs (each reader
 * scoped to the caller's company) and the parts of the training that bear on it. The online prompt
 * and the offline answer are written from the same grounding.
 */
export interface Grounding {
  intents: QuestionIntents;
  company: CompanyFacts;
  training: AiTrainingInput;
  customers: CustomerFacts[];
  unanswered: UnansweredFacts[] | null;
  tasks: TaskFacts[] | null;
  deals: DealFacts[] | null;
  services: ServiceFacts[];
  messages: MessageFacts[];
  trainingNotes: TrainingNote[];
  /** Every record above once, in that order, at most CONTEXT_RECORDS_MAX: the prompt's `[#n]`. */
  records: ContextRecord[];
}

export interface TrainingNote {
  title: string;
  text: string;
  record: ContextRecord;
}

export const CONTEXT_RECORDS_MAX = 40;

const trainingRecord = (id: string, title: string, text: string): TrainingNote => ({
  title,
  text,
  record: { kind: 'training', id, label: title, href: recordLinks.training, fields: [[title, text]] },
});

const faqWords = (text: string) =>
  new Set(
    searchText(text.replace(/[^\p{L}\p{N}\s]+/gu, ' '))
      .split(' ')
      .filter((w) => w.length >= 4),
  );

/** The training's parts a question bears on: policies by subject, FAQ entries sharing its words. */
export function trainingNotesFor(training: AiTrainingInput, intents: QuestionIntents): TrainingNote[] {
  const notes: TrainingNote[] = [];
  if (intents.priceObjection && training.toneOfVoice) {
    notes.push(trainingRecord('toneOfVoice', 'Tom de voz', training.toneOfVoice));
  }
  if ((intents.payment || intents.priceObjection) && training.paymentPolicy) {
    notes.push(trainingRecord('paymentPolicy', 'Formas de pagamento', training.paymentPolicy));
  }
  if (intents.delivery && training.deliveryPolicy) {
    notes.push(trainingRecord('deliveryPolicy', 'Entrega', training.deliveryPolicy));
  }
  if (intents.hours && training.openingHours) {
    notes.push(trainingRecord('openingHours', 'Horário de atendimento', training.openingHours));
  }
  const asked = faqWords(intents.normalized);
  const faqs = training.faqs
    .map((faq, index) => {
      const words = faqWords(faq.question);
      const shared = [...words].filter((w) => asked.has(w)).length;
      return { faq, index, shared, share: words.size === 0 ? 0 : shared / words.size };
    })
    .filter((m) => m.shared >= 2 || (m.shared >= 1 && m.share >= 0.5))
    .sort((a, b) => b.share - a.share || b.shared - a.shared)
    .slice(0, 3);
  for (const { faq, index } of faqs) {
    const note = trainingRecord(`faq-${index + 1}`, `Pergunta frequente: ${faq.question}`, faq.answer);
    notes.push(note);
  }
  return notes;
}

/** The grounding of `question` in the company `companyId`, with `training` (the saved one or a draft). */
export async function groundQuestion(
  q: Queryable,
  companyId: string,
  question: string,
  training: AiTrainingInput,
  now: Date = new Date(),
): Promise<Grounding> {
  const intents = questionIntents(question);
  const company = await loadCompanyFacts(q, companyId);
  const { timezone } = company;
  const customers = await customersNamed(q, companyId, intents.normalized, intents.words, 3);
  const customerIds = customers.length > 0 ? customers.map((c) => c.id) : undefined;
  const unanswered =
    intents.unansweredDays === null
      ? null
      : await unansweredCustomers(q, companyId, intents.unansweredDays, now);

  // A named customer brings their pending tasks and open deals even when the question does not ask.
  const tasks =
    intents.tasks !== null
      ? await pendingTasks(q, companyId, intents.tasks, {
          timezone,
          now,
          ...(customerIds && { customerIds }),
        })
      : customerIds
        ? await pendingTasks(q, companyId, 'pending', { timezone, now, customerIds, limit: 5 })
        : null;

  let deals: DealFacts[] | null = null;
  if (intents.deals !== null || customerIds) {
    const byStage = intents.deals !== null && (await namesAnOpenStage(q, companyId, intents.normalized));
    deals = await openDeals(q, companyId, {
      now,
      ...(intents.deals === 'stalled' && { stalledDays: intents.stalledDays }),
      ...(byStage && { normalized: intents.normalized }),
      ...(customerIds && { customerIds }),
      ...(intents.deals === null && { limit: 5 }),
    });
  }

  let services = await activeServices(q, companyId, { words: intents.words, all: false });
  const wantsCatalogue = intents.services || intents.priceObjection;
  // Only services the question names, unless it asks about the catalogue or prices.
  services = services.filter((s) => nameShares(s.name, intents.words));
  if (services.length === 0 && wantsCatalogue) {
    services = await activeServices(q, companyId, { words: [], all: true });
  }

  const messages =
    customers[0] !== undefined && (intents.messages || intents.tasks === null)
      ? await recentMessages(q, companyId, customers[0], timezone)
      : [];
  const trainingNotes = trainingNotesFor(training, intents);

  const records = distinctRecords([
    ...customers.map((c) => c.record),
    ...(unanswered ?? []).map((u) => u.record),
    ...(tasks ?? []).map((t) => t.record),
    ...(deals ?? []).map((d) => d.record),
    ...services.map((s) => s.record),
    ...messages.map((m) => m.record),
    ...trainingNotes.map((n) => n.record),
  ]).slice(0, CONTEXT_RECORDS_MAX);

  return {
    intents,
    company,
    training,
    customers,
    unanswered,
    tasks,
    deals,
    services,
    messages,
    trainingNotes,
    records,
  };
}

const nameShares = (name: string, words: string[]) => {
  const own = new Set(searchText(name).split(/[^\p{L}\p{N}]+/u));
  return words.some((w) => own.has(w));
};
