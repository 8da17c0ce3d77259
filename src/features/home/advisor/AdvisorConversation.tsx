import { useSelector } from '@xstate/react';
import { type RefObject, useEffect } from 'react';
import type {
  AdvisorChatActor,
  AdvisorChatMessage,
} from '../../../../machines/advisor-chat/advisor-chat.machine';
import {
  ADVISOR_EXAMPLE_QUESTIONS,
  advisorChatTexts,
} from '../../../../machines/advisor-chat/advisor-chat.texts';
import { AdvisorMessageView } from './AdvisorMessageView';

/** The answer being written, as a message of its own until the kept one replaces it. */
function writingAnswer(text: string): AdvisorChatMessage {
  return {
    id: 'writing',
    role: 'assistant',
    text,
    sources: [],
    mode: null,
    status: 'complete',
    createdAt: '',
  };
}

function Examples({ actor }: { actor: AdvisorChatActor }) {
  return (
    <section className="card card--start advisor-empty" aria-labelledby="advisor-empty-title">
      <h2 id="advisor-empty-title" className="card__title">
        {advisorChatTexts.emptyTitle}
      </h2>
      <p className="card__text">{advisorChatTexts.emptyText}</p>
      <ul className="advisor-empty__examples" aria-label={advisorChatTexts.examplesLabel}>
        {ADVISOR_EXAMPLE_QUESTIONS.map((question) => (
          <li key={question}>
            <button
              type="button"
              className="button button--secondary advisor-empty__example"
              onClick={() => actor.send({ type: 'ASK_EXAMPLE', question })}
            >
              {question}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Keeps the newest line in view as a chat does, following the answer as it is written: `end` is
 * the page's last element, under the question field.
 */
export function useNewestInView(actor: AdvisorChatActor, end: RefObject<HTMLElement | null>) {
  const newest = useSelector(
    actor,
    (s) => `${s.context.messages.length}:${s.context.question?.id ?? ''}:${s.context.answer.length}`,
  );
  useEffect(() => {
    if (newest) end.current?.scrollIntoView?.({ block: 'end' });
  }, [newest, end]);
}

/**
 * The conversation, oldest first, the question being answered and its answer as it is written;
 * the examples when there is nothing yet.
 */
export function AdvisorConversation({ actor }: { actor: AdvisorChatActor }) {
  const messages = useSelector(actor, (s) => s.context.messages);
  const question = useSelector(actor, (s) => (s.matches('asking') ? s.context.question : null));
  const answer = useSelector(actor, (s) => s.context.answer);

  if (messages.length === 0 && !question) return <Examples actor={actor} />;
  return (
    <ol className="advisor-chat__messages" aria-live="polite">
      {messages.map((message) => (
        <AdvisorMessageView key={message.id} message={message} />
      ))}
      {question && <AdvisorMessageView key={question.id} message={question} />}
      {question && <AdvisorMessageView message={writingAnswer(answer)} note={advisorChatTexts.writing} />}
    </ol>
  );
}
