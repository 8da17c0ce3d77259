import { useSelector } from '@xstate/react';
import type { AdvisorChatActor } from '../../../../machines/advisor-chat/advisor-chat.machine';
import { advisorChatTexts } from '../../../../machines/advisor-chat/advisor-chat.texts';

/** "Limpar conversa", asked first; offered once there is a conversation and no answer is written. */
export function AdvisorClear({ actor }: { actor: AdvisorChatActor }) {
  const shown = useSelector(actor, (s) =>
    s.matches('confirmingClear')
      ? 'confirming'
      : s.matches('clearing')
        ? 'clearing'
        : s.can({ type: 'CLEAR' })
          ? 'offered'
          : 'none',
  );
  if (shown === 'none') return null;
  if (shown === 'offered')
    return (
      <div className="page__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => actor.send({ type: 'CLEAR' })}
        >
          {advisorChatTexts.clear}
        </button>
      </div>
    );
  return (
    <section className="card card--start advisor-clear" aria-label={advisorChatTexts.clear}>
      <p className="card__text">{advisorChatTexts.clearQuestion}</p>
      <div className="form__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={shown === 'clearing'}
          onClick={() => actor.send({ type: 'CANCEL' })}
        >
          {advisorChatTexts.clearCancel}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={shown === 'clearing'}
          onClick={() => actor.send({ type: 'CONFIRM' })}
        >
          {shown === 'clearing' ? advisorChatTexts.clearing : advisorChatTexts.clearConfirm}
        </button>
      </div>
    </section>
  );
}
