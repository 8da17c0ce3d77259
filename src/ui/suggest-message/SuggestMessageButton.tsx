import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  type ScheduleInput,
  type SendInput,
  type SuggestDraft,
  type SuggestTarget,
  suggestMessageMachine,
} from '../../../machines/suggest-message/suggest-message.machine';
import { suggestMessageTexts } from '../../../machines/suggest-message/suggest-message.texts';
import { invalidateAfter } from '../../lib/cache/invalidate-after';
import { useChartEvent } from '../../lib/charts/useChartEvent';
import { customerKeys } from '../../lib/customers/customer-keys';
import { toast } from '../../lib/toasts';

const SuggestMessageSheet = lazy(() => import('./SuggestMessageSheet'));
/** The calls load with the sheet, on the first press, not with the page. */
const calls = () => import('./suggest-message-calls');

export interface SuggestMessageButtonProps {
  target: SuggestTarget;
  /** A task's time (its follow-up goes then). */
  dueAt?: string | null;
  /** The task carries a follow-up already: a scheduled suggestion replaces it. */
  hasFollowUp?: boolean;
  className?: string;
}

/**
 * "Sugerir mensagem" on a task, a deal or a customer's conversation: the button, and the sheet while
 * the suggest-message chart is open (loaded then). Nothing is sent but by the owner's own click.
 */
export function SuggestMessageButton({
  target,
  dueAt = null,
  hasFollowUp = false,
  className,
}: SuggestMessageButtonProps) {
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    suggestMessageMachine.provide({
      actors: {
        draftMessage: fromPromise<SuggestDraft, SuggestTarget>(async ({ input, signal }) =>
          (await calls()).draftMessage(input, signal),
        ),
        sendMessage: fromPromise<unknown, SendInput>(async ({ input, signal }) =>
          (await calls()).sendMessage(input, signal),
        ),
        scheduleMessage: fromPromise<unknown, ScheduleInput>(async ({ input, signal }) =>
          (await calls()).scheduleMessage(input, signal),
        ),
      },
    }),
  );
  const chart = useActorRef(machine, { input: { target, dueAt } });
  const open = useSelector(chart, (s) => !s.matches('idle') && !s.matches('done'));
  useChartEvent(chart, 'sent', ({ customerId }) => {
    toast.success(suggestMessageTexts.sent, { id: 'suggest-message-sent' });
    void queryClient.invalidateQueries({ queryKey: customerKeys.conversation(customerId) });
  });
  useChartEvent(chart, 'scheduled', () => {
    toast.success(suggestMessageTexts.scheduled, { id: 'suggest-message-scheduled' });
    void invalidateAfter(queryClient, 'task');
    void invalidateAfter(queryClient, 'followUp');
  });
  return (
    <>
      <button
        type="button"
        className={className ?? 'button button--secondary'}
        aria-haspopup="dialog"
        onClick={() => chart.send({ type: 'SUGGEST' })}
      >
        {suggestMessageTexts.open}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SuggestMessageSheet chart={chart} hasFollowUp={hasFollowUp} />
        </Suspense>
      ) : null}
    </>
  );
}
