import type { AdvisorMode, AdvisorSource } from '../../../contracts/advisor';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { HttpError } from '../../http/errors';
import { type Llm, LlmError } from '../../integrations/llm/llm';
import { loadCurrentTraining } from '../ai-training/current-training';
import { customerNotFound } from '../customers/customer-id';
import { DEAL_NOT_FOUND_TEXT } from '../sales/texts';
import { TASK_NOT_FOUND_TEXT } from '../tasks/texts';
import {
  brl,
  type CustomerFacts,
  customersById,
  loadCompanyFacts,
  localDateTime,
  type MessageFacts,
  recentMessages,
} from './company-records';
import { type ContextRecord, sourceOf, tidyAnswer, withoutMarkers } from './context-records';
import { avoidingWords, isFormal } from './offline-answers';
import { suggestionMessages } from './prompts';
import { recordLinks } from './record-links';
import { failureText, SUGGESTION_NEEDS_CUSTOMER_TEXT } from './texts';

/**
 * "Sugerir mensagem": a short WhatsApp draft for the customer of a task, a deal or a conversation,
 * in the training's tone. Nothing is sent here; the owner edits the draft and sends or schedules it.
 */
export type SuggestionSubject = { taskId: string } | { dealId: string } | { customerId: string };

export interface Suggestion {
  text: string;
  mode: AdvisorMode;
  customerId: string;
  customerName: string;
  sources: AdvisorSource[];
}

export const SUGGESTION_MAX_TOKENS = 300;

interface Subject {
  customer: CustomerFacts;
  /** The task or the deal the message is about; none for a conversation. */
  about:
    | { kind: 'task'; title: string; dueAt: Timestamp; record: ContextRecord }
    | { kind: 'deal'; title: string; valueCents: number; stageName: string; record: ContextRecord }
    | null;
}

const notFound = (text: string) => new HttpError(404, 'NOT_FOUND', text);
const needsCustomer = (path: string) =>
  new HttpError(400, 'VALIDATION_ERROR', SUGGESTION_NEEDS_CUSTOMER_TEXT, [
    { path, message: SUGGESTION_NEEDS_CUSTOMER_TEXT },
  ]);

async function loadSubject(
  q: Queryable,
  companyId: string,
  subject: SuggestionSubject,
  timezone: string,
): Promise<Subject> {
  if ('taskId' in subject) {
    const { rows } = await q.query<{
      id: string;
      title: string;
      due_at: Timestamp;
      customer_id: string | null;
    }>('SELECT id, title, due_at, customer_id FROM tasks WHERE company_id = $1 AND id = $2', [
      companyId,
      subject.taskId,
    ]);
    const task = rows[0];
    if (!task) throw notFound(TASK_NOT_FOUND_TEXT);
    const [customer] = task.customer_id ? await customersById(q, companyId, [task.customer_id]) : [];
    if (!customer) throw needsCustomer('taskId');
    const record: ContextRecord = {
      kind: 'task',
      id: task.id,
      label: task.title,
      href: recordLinks.task(task.id),
      fields: [
        ['tarefa', task.title],
        ['vence', localDateTime(task.due_at, timezone)],
      ],
    };
    return { customer, about: { kind: 'task', title: task.title, dueAt: task.due_at, record } };
  }
  if ('dealId' in subject) {
    const { rows } = await q.query<{
      id: string;
      title: string;
      value_cents: number;
      customer_id: string | null;
      stage_name: string;
    }>(
      `SELECT d.id, d.title, d.value_cents, d.customer_id, s.name AS stage_name
         FROM deals d JOIN deal_stages s ON s.company_id = d.company_id AND s.id = d.stage_id
        WHERE d.company_id = $1 AND d.id = $2`,
      [companyId, subject.dealId],
    );
    const deal = rows[0];
    if (!deal) throw notFound(DEAL_NOT_FOUND_TEXT);
    const [customer] = deal.customer_id ? await customersById(q, companyId, [deal.customer_id]) : [];
    if (!customer) throw needsCustomer('dealId');
    const record: ContextRecord = {
      kind: 'deal',
      id: deal.id,
      label: deal.title,
      href: recordLinks.deal(deal.id),
      fields: [
        ['venda', deal.title],
        ['etapa', deal.stage_name],
        ['valor', brl(deal.value_cents)],
      ],
    };
    return {
      customer,
      about: {
        kind: 'deal',
        title: deal.title,
        valueCents: deal.value_cents,
        stageName: deal.stage_name,
        record,
      },
    };
  }
  const [customer] = await customersById(q, companyId, [subject.customerId]);
  if (!customer) throw customerNotFound();
  return { customer, about: null };
}

export async function suggestMessage(
  q: Queryable,
  llm: Llm | null,
  caller: { companyId: string; userId: string },
  subject: SuggestionSubject,
): Promise<Suggestion> {
  const { companyId } = caller;
  const company = await loadCompanyFacts(q, companyId);
  const { customer, about } = await loadSubject(q, companyId, subject, company.timezone);
  const training = await loadCurrentTraining(q, companyId);
  const messages = await recentMessages(q, companyId, customer, company.timezone);
  const sources = [customer.record, ...(about ? [about.record] : [])].map(sourceOf);
  const base = { customerId: customer.id, customerName: customer.name, sources };
  if (!llm)
    return {
      ...base,
      mode: 'offline',
      text: offlineDraft(customer, about, messages, training.toneOfVoice, training.wordsToAvoid),
    };

  const goal = about
    ? about.kind === 'task'
      ? `acompanhar a tarefa "${about.title}" com o cliente`
      : `avançar a venda "${about.title}" (etapa ${about.stageName}) com o cliente`
    : 'responder a conversa do cliente, continuando de onde ela parou';
  try {
    const answer = await llm.complete({
      companyId,
      userId: caller.userId,
      purpose: 'suggestion',
      maxTokens: SUGGESTION_MAX_TOKENS,
      messages: suggestionMessages({
        companyName: company.name,
        training,
        subject: goal,
        records: [customer.record, ...(about ? [about.record] : []), ...messages.map((m) => m.record)],
      }),
    });
    const text = tidyAnswer(withoutMarkers(answer.text));
    if (!text) throw new LlmError('unavailable', 'the model answered nothing');
    return { ...base, mode: 'online', text };
  } catch (err) {
    if (err instanceof LlmError) throw llmFailure(err);
    throw err;
  }
}

/** An LLM failure as the envelope answers it: the budget is a 429, anything else a 503. */
export const llmFailure = (err: LlmError): HttpError =>
  err.failure === 'budget'
    ? new HttpError(429, 'RATE_LIMITED', failureText('budget'))
    : new HttpError(
        503,
        'SERVICE_UNAVAILABLE',
        failureText(err.failure === 'aborted' ? 'unavailable' : err.failure),
      );

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The offline drafts: one template per case, formal or not as the training's tone says. */
export function offlineDraft(
  customer: { name: string },
  about: Subject['about'],
  messages: MessageFacts[],
  tone: string,
  wordsToAvoid: string[],
): string {
  const formal = isFormal(tone);
  const name = firstName(customer.name);
  const hello = formal ? `Olá, ${name}. Como vai?` : `Oi, ${name}! Tudo bem?`;
  const last = messages.at(-1);
  let middle: string[];
  if (about?.kind === 'task') {
    middle = [
      formal
        ? `Entro em contato a respeito de: ${about.title}.`
        : `Passando para falar sobre: ${about.title}.`,
    ];
  } else if (about?.kind === 'deal') {
    middle = [
      formal
        ? `Gostaria de saber se ficou alguma dúvida sobre ${about.title}.`
        : `Queria saber se ficou alguma dúvida sobre ${about.title}.`,
      formal ? 'Fico à disposição para ajudar no que for preciso.' : 'Posso te ajudar a fechar?',
    ];
  } else if (last?.inbound) {
    middle = [
      formal
        ? 'Obrigado pela sua mensagem. Já estou verificando e retorno em instantes.'
        : 'Obrigado pela mensagem! Já estou vendo isso para você e te respondo em instantes.',
    ];
  } else {
    middle = [formal ? 'Posso ajudar em algo?' : 'Passando para saber se posso te ajudar em algo.'];
  }
  const close =
    about?.kind === 'deal' ? [] : [formal ? 'Fico à disposição.' : 'Qualquer coisa, é só chamar!'];
  const sentences = avoidingWords([hello, ...middle, ...close], wordsToAvoid);
  // Every sentence had a word to avoid: the name alone, for the owner to write the rest.
  return sentences.join(' ') || `${name},`;
}
