import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { FollowUpMessage } from '../../../contracts/tasks';
import {
  type FollowUpStatusActor,
  followUpStatusMachine,
} from '../../../machines/follow-up-status/follow-up-status.machine';
import { followUpCommandTexts } from '../../../machines/follow-up-status/follow-up-status.texts';
import { invalidateAfter } from '../../lib/cache/invalidate-after';
import { useChartEvent } from '../../lib/charts/useChartEvent';
import { toast } from '../../lib/toasts';
import {
  readFollowUp,
  resumeCustomerFollowUps,
  sendFollowUpNow,
} from '../../lib/whatsapp/follow-up-commands';
import { resumedToastId } from '../../lib/whatsapp/useResumeFollowUps';

/** The chart's calls: "Enviar agora", and "Retomar follow-ups" with this follow-up read back. */
const machine = followUpStatusMachine.provide({
  actors: {
    sendNow: fromPromise(({ input }) => sendFollowUpNow(input.id)),
    resume: fromPromise(async ({ input }) => {
      await resumeCustomerFollowUps(input.customerId);
      return readFollowUp(input.id);
    }),
  },
});

/** One toast per follow-up and command, so a second click's outcome replaces the first's. */
const toastId = (command: 'send_now' | 'resume', followUp: FollowUpMessage) =>
  command === 'send_now' ? `follow-up-${followUp.id}` : resumedToastId(followUp.customerId);

/**
 * The follow-up-status chart for one follow-up as the page last read it: each new reading (the
 * query refetched after followup.changed or a command) is the server's word to the chart; a
 * command's outcome is a toast, and the tasks and the customer's page are read again.
 */
export function useFollowUpStatus(followUp: FollowUpMessage): FollowUpStatusActor {
  const queryClient = useQueryClient();
  const [input] = useState(() => ({ followUp }));
  const chart = useActorRef(machine, { input });
  useEffect(() => {
    chart.send({ type: 'CHANGED', followUp });
  }, [chart, followUp]);
  useChartEvent(chart, 'commandDone', ({ command, followUp: answered }) => {
    const text = command === 'send_now' ? followUpCommandTexts.sentNow : followUpCommandTexts.resumed;
    toast.success(text, { id: toastId(command, answered) });
    void invalidateAfter(queryClient, 'followUp');
  });
  useChartEvent(chart, 'commandFailed', ({ command, followUp: standing, message }) => {
    toast.error(message, { id: toastId(command, standing) });
    void invalidateAfter(queryClient, 'followUp');
  });
  return chart;
}
