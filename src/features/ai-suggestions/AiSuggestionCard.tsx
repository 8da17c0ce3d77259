import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { AiSuggestion } from '../../../contracts/ai-suggestions';
import { aiSuggestionMachine } from '../../../machines/ai-suggestion/ai-suggestion.machine';
import { AI_SUGGESTION_TEXTS as t } from '../../../machines/ai-suggestion/ai-suggestion.texts';
import { cacheRoots } from '../../lib/cache/cache-roots';
import { useChartEvent } from '../../lib/charts/useChartEvent';
import { decideSuggestion } from './suggestion-calls';

const when = new Intl.DateTimeFormat('pt-BR', {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** What the suggestion would make, in one line. */
function proposal(suggestion: AiSuggestion): { kind: string; what: string } {
  if (suggestion.task)
    return {
      kind: t.kindTask,
      what: `${suggestion.task.description} · ${when.format(new Date(suggestion.task.dueAt))}`,
    };
  if (suggestion.deal) {
    const value =
      suggestion.deal.valueCents === null ? '' : ` · ${money.format(suggestion.deal.valueCents / 100)}`;
    return { kind: t.kindDeal, what: `${suggestion.deal.title}${value}` };
  }
  const change = suggestion.stageChange!;
  return { kind: t.kindStageChange, what: `${change.dealTitle} → ${change.toStageName}` };
}

/**
 * One suggestion: the customer, the reason, what it would make, and "Aceitar" / "Dispensar" through
 * the card's chart (machines/ai-suggestion). Once decided the lists refresh, and what accepting made.
 */
export function AiSuggestionCard({
  suggestion,
  showCustomer,
  onDecided,
}: {
  suggestion: AiSuggestion;
  showCustomer: boolean;
  /** The list keeps the card (saying what was decided) once its refetch has dropped it. */
  onDecided: () => void;
}) {
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    aiSuggestionMachine.provide({
      actors: {
        accept: fromPromise(() => decideSuggestion(suggestion.id, 'accept')),
        dismiss: fromPromise(() => decideSuggestion(suggestion.id, 'dismiss')),
      },
    }),
  );
  const card = useActorRef(machine);
  const state = useSelector(card, (snapshot) => String(snapshot.value));
  const { error, outcome } = useSelector(card, (snapshot) => snapshot.context);
  useChartEvent(card, 'decided', (event) => {
    onDecided();
    const roots =
      event.outcome === 'accepted'
        ? [
            cacheRoots.aiSuggestions,
            cacheRoots.tasks,
            cacheRoots.sales,
            cacheRoots.customers,
            cacheRoots.dashboard,
          ]
        : [cacheRoots.aiSuggestions, cacheRoots.dashboard];
    for (const queryKey of roots) void queryClient.invalidateQueries({ queryKey });
  });

  const busy = state === 'accepting' || state === 'dismissing';
  const { kind, what } = proposal(suggestion);
  const reasonId = `ai-suggestion-${suggestion.id}`;
  return (
    <li className="ai-suggestion" aria-labelledby={reasonId} data-state={state}>
      <p className="ai-suggestion__kind">
        {kind}
        {showCustomer && <span className="ai-suggestion__customer"> · {suggestion.customerName}</span>}
      </p>
      <p className="ai-suggestion__what">{what}</p>
      <p className="ai-suggestion__reason" id={reasonId}>
        {suggestion.reason}
      </p>
      {state === 'failed' && error && (
        <p className="ai-suggestion__error" role="alert">
          {error}
        </p>
      )}
      {state === 'done' ? (
        <p className="ai-suggestion__decided" role="status">
          {outcome === 'accepted' ? t.accepted : t.dismissed}
        </p>
      ) : (
        <div className="ai-suggestion__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            aria-busy={state === 'accepting' || undefined}
            onClick={() => card.send({ type: 'ACCEPT' })}
          >
            {state === 'accepting' ? t.accepting : t.accept}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            aria-busy={state === 'dismissing' || undefined}
            onClick={() => card.send({ type: 'DISMISS' })}
          >
            {state === 'dismissing' ? t.dismissing : t.dismiss}
          </button>
        </div>
      )}
    </li>
  );
}
