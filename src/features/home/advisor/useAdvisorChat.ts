import { useActorRef } from '@xstate/react';
import type { AdvisorChatActor } from '../../../../machines/advisor-chat/advisor-chat.machine';
import { advisorSearch } from '../../../app/routing/route-search';
import { useValidatedSearch } from '../../../app/routing/useValidatedSearch';
import { useChartNavigation } from '../../../lib/navigation/useChartNavigation';
import { appAdvisorChatMachine } from './advisor-chat-actors';

/**
 * The advisor chat's chart for this visit. The address's `search` is read once, when the chart
 * starts: the chart asks it and takes it off the address (a navigation the chart emits).
 */
export function useAdvisorChat(): AdvisorChatActor {
  const { search } = useValidatedSearch(advisorSearch);
  const actor = useActorRef(appAdvisorChatMachine, { input: { search } });
  useChartNavigation(actor);
  return actor;
}
