import { AI_UNAVAILABLE_TEXT, suggestMessageContract } from '../../../contracts/advisor';
import { createTaskContract, getTaskContract, updateTaskContract } from '../../../contracts/tasks';
import { getCustomerWhatsappContract, sendReplyContract } from '../../../contracts/whatsapp-sending';
import type {
  ScheduleInput,
  SendInput,
  SuggestDraft,
  SuggestTarget,
  SuggestWindow,
} from '../../../machines/suggest-message/suggest-message.machine';
import { suggestMessageTexts } from '../../../machines/suggest-message/suggest-message.texts';
import { ApiError } from '../../api/api-error';
import { type ApiResult, api, TIMEOUT_ERROR } from '../../api/client';
import { contractUrl } from '../../api/contract-url';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import { randomId } from '../../lib/random-id';

/**
 * The calls "Sugerir mensagem" makes (loaded with its sheet, not with the page): the draft, the
 * reply route for "Enviar agora", and the task save for "Agendar".
 */

/** A draft that timed out is the AI not answering; the server's own refusals keep their words. */
function draftResult<T>(result: ApiResult<T>): T {
  if (!result.success && result.error === TIMEOUT_ERROR)
    throw new ApiError({ ...result, error: AI_UNAVAILABLE_TEXT });
  return unwrapEnvelope(result);
}

/** The customer's window as the reply box reads it; null when it cannot be read (the send decides). */
async function windowOf(customerId: string, signal: AbortSignal): Promise<SuggestWindow | null> {
  const result = await api.get(contractUrl(getCustomerWhatsappContract.url, customerId), {
    schema: getCustomerWhatsappContract.response,
    signal,
  });
  if (!result.success) return null;
  return { canSend: result.data.canSend, windowClosesAt: result.data.windowClosesAt };
}

export async function draftMessage(target: SuggestTarget, signal: AbortSignal): Promise<SuggestDraft> {
  const draft = draftResult(
    await api.post(suggestMessageContract.url, {
      body: target,
      schema: suggestMessageContract.response,
      signal,
    }),
  );
  return { ...draft, window: await windowOf(draft.customerId, signal) };
}

/** One Idempotency-Key per body: "Tentar novamente" with the same message repeats it. */
function keyKeeper() {
  let attempt: { body: string; key: string } | null = null;
  return (body: unknown) => {
    const text = JSON.stringify(body);
    if (attempt?.body !== text) attempt = { body: text, key: randomId() };
    return attempt.key;
  };
}

const replyKey = keyKeeper();
const taskKey = keyKeeper();

/** "Enviar agora": the owner's reply, through the dispatcher (its errors are the reply box's). */
export async function sendMessage(input: SendInput, signal: AbortSignal): Promise<unknown> {
  const body = { text: input.text };
  return unwrapEnvelope(
    await api.post(contractUrl(sendReplyContract.url, input.customerId), {
      body,
      schema: sendReplyContract.response,
      idempotencyKey: replyKey(body),
      signal,
    }),
  );
}

/**
 * "Agendar". A task: the message becomes its follow-up, sent at the task's time (the time picked
 * moves the task); the rest of the task is kept as it is now. A deal or a conversation: a new task
 * for the customer at that time, carrying the follow-up, as the task form makes it.
 */
export async function scheduleMessage(input: ScheduleInput, signal: AbortSignal): Promise<unknown> {
  if ('taskId' in input.target) {
    const url = contractUrl(getTaskContract.url, input.target.taskId);
    const { task } = unwrapEnvelope(await api.get(url, { schema: getTaskContract.response, signal }));
    return unwrapEnvelope(
      await api.put(contractUrl(updateTaskContract.url, task.id), {
        body: {
          title: task.title,
          description: task.description,
          dueAt: input.dueAt,
          customerId: task.customer?.id ?? input.customerId,
          recurrence: task.recurrence,
          followUpMessage: input.text,
        },
        schema: updateTaskContract.response,
        signal,
      }),
    );
  }
  const body = {
    title: suggestMessageTexts.taskTitle(input.customerName),
    dueAt: input.dueAt,
    customerId: input.customerId,
    followUpMessage: input.text,
  };
  return unwrapEnvelope(
    await api.post(createTaskContract.url, {
      body,
      schema: createTaskContract.response,
      idempotencyKey: taskKey(body),
      signal,
    }),
  );
}
