import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AiSuggestion } from '../../../contracts/ai-suggestions';
import { AI_SUGGESTION_TEXTS as t } from '../../../machines/ai-suggestion/ai-suggestion.texts';
import { AiSuggestionCard } from './AiSuggestionCard';
import { aiSuggestionsQuery } from './suggestion-calls';
import './ai-suggestions.css';

/**
 * The conversation watcher's pending suggestions (the company's on /home, one customer's on their
 * page), live: the realtime event refreshes the list. Nothing at all while there are none. A card
 * decided here stays, saying so, after the list has dropped it.
 */
export default function AiSuggestionsPanel({ customerId }: { customerId?: string }) {
  const headingId = useId();
  const query = useQuery(aiSuggestionsQuery(customerId));
  const [decidedHere, setDecidedHere] = useState<AiSuggestion[]>([]);
  const pending = query.data ?? [];
  const shown = [...pending, ...decidedHere.filter((d) => !pending.some((p) => p.id === d.id))];
  if (query.isError && shown.length === 0)
    return (
      <p className="card__text ai-suggestions__failed" role="status">
        {t.loadFailed}
      </p>
    );
  if (shown.length === 0) return null;
  return (
    <section className="card ai-suggestions" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__heading">
        {t.title}
      </h2>
      <ul className="ai-suggestions__list">
        {shown.map((suggestion) => (
          <AiSuggestionCard
            key={suggestion.id}
            suggestion={suggestion}
            showCustomer={customerId === undefined}
            onDecided={() =>
              setDecidedHere((kept) => [...kept.filter((k) => k.id !== suggestion.id), suggestion])
            }
          />
        ))}
      </ul>
    </section>
  );
}
