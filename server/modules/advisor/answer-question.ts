import type { AdvisorMode, AdvisorSource } from '../../../contracts/advisor';
import type { AiTrainingInput } from '../../../contracts/ai-training';
import type { Queryable } from '../../db/types';
import { type Llm, LlmError, type LlmFailure, type LlmPurpose } from '../../integrations/llm/llm';
import { citedRecords, markerStripper, sourceOf, tidyAnswer, withoutMarkers } from './context-records';
import { type Grounding, groundQuestion } from './grounding';
import { offlineAnswer } from './offline-answers';
import { advisorMessages } from './prompts';
import { failureText } from './texts';

/** The most tokens an advisor answer may take (a chat answer, not an essay). */
export const ADVISOR_ANSWER_MAX_TOKENS = 700;

export interface AnswerRequest {
  q: Queryable;
  llm: Llm | null;
  companyId: string;
  userId: string;
  question: string;
  /** The saved training, or a draft (preview). */
  training: AiTrainingInput;
  /** The last turns of the conversation, oldest first (online prompts only). */
  history?: { role: 'user' | 'assistant'; text: string }[];
  purpose: Extract<LlmPurpose, 'advisor' | 'preview'>;
  /** Pieces of the answer as written (offline answers come in a few pieces too). */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
  now?: Date;
}

export interface AdvisorAnswer {
  text: string;
  sources: AdvisorSource[];
  mode: AdvisorMode;
  status: 'complete' | 'failed';
  failure?: LlmFailure;
  grounding: Grounding;
}

/** Grounds the question in the company's data, then answers it with the LLM or, without one, offline. */
export async function answerQuestion(request: AnswerRequest): Promise<AdvisorAnswer> {
  const grounding = await groundQuestion(
    request.q,
    request.companyId,
    request.question,
    request.training,
    request.now,
  );
  if (!request.llm) {
    const answer = offlineAnswer(grounding);
    if (request.onDelta) for (const piece of pieces(answer.text)) request.onDelta(piece);
    return {
      text: answer.text,
      sources: answer.records.map(sourceOf),
      mode: 'offline',
      status: 'complete',
      grounding,
    };
  }
  const stripper = request.onDelta ? markerStripper(request.onDelta) : null;
  try {
    const answer = await request.llm.complete({
      companyId: request.companyId,
      userId: request.userId,
      purpose: request.purpose,
      maxTokens: ADVISOR_ANSWER_MAX_TOKENS,
      messages: advisorMessages({
        companyName: grounding.company.name,
        training: request.training,
        records: grounding.records,
        history: request.history ?? [],
        question: request.question,
      }),
      ...(stripper && { onDelta: (text: string) => stripper.push(text) }),
      ...(request.signal && { signal: request.signal }),
    });
    stripper?.end();
    const text = tidyAnswer(withoutMarkers(answer.text));
    if (!text) throw new LlmError('unavailable', 'the model answered nothing');
    return {
      text,
      sources: citedRecords(answer.text, grounding.records).map(sourceOf),
      mode: 'online',
      status: 'complete',
      grounding,
    };
  } catch (err) {
    if (!(err instanceof LlmError)) throw err;
    return {
      text: failureText(err.failure),
      sources: [],
      mode: 'online',
      status: 'failed',
      failure: err.failure,
      grounding,
    };
  }
}

/** An offline answer in a few pieces (paragraphs, then lines), so the client has one streaming path. */
export function pieces(text: string, count = 4): string[] {
  const lines = text.split(/(?<=\n)/);
  const size = Math.max(1, Math.ceil(lines.length / count));
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += size) out.push(lines.slice(i, i + size).join(''));
  if (out.length === 1 && text.length > 40) {
    const cut = text.lastIndexOf(' ', Math.floor(text.length / 2));
    if (cut > 0) return [text.slice(0, cut), text.slice(cut)];
  }
  return out;
}
