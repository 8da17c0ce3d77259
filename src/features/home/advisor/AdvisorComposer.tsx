import { useSelector } from '@xstate/react';
import type { KeyboardEvent } from 'react';
import { ADVISOR_QUESTION_MAX } from '../../../../contracts/advisor';
import type { AdvisorChatActor } from '../../../../machines/advisor-chat/advisor-chat.machine';
import { advisorChatTexts } from '../../../../machines/advisor-chat/advisor-chat.texts';

/** The question field: Enter sends, Shift+Enter starts a new line; "Parar" while an answer is written. */
export function AdvisorComposer({ actor }: { actor: AdvisorChatActor }) {
  const draft = useSelector(actor, (s) => s.context.draft);
  const canSend = useSelector(actor, (s) => s.can({ type: 'ASK' }));
  const asking = useSelector(actor, (s) => s.matches('asking'));
  const failure = useSelector(actor, (s) => s.context.failure);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    actor.send({ type: 'ASK' });
  };

  return (
    <form
      className="advisor-composer"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'ASK' });
      }}
    >
      {failure && (
        <p className="form-error advisor-composer__failure" role="alert">
          {failure}
        </p>
      )}
      <div className="advisor-composer__row">
        <label className="visually-hidden" htmlFor="advisor-question">
          {advisorChatTexts.questionLabel}
        </label>
        <textarea
          id="advisor-question"
          className="field__input advisor-composer__input"
          rows={2}
          maxLength={ADVISOR_QUESTION_MAX}
          placeholder={advisorChatTexts.questionPlaceholder}
          value={draft}
          onChange={(event) => actor.send({ type: 'CHANGE_DRAFT', text: event.target.value })}
          onKeyDown={onKeyDown}
        />
        {/* Keyed apart: a click on "Parar" must not land on "Enviar" put in its place mid-click. */}
        {asking ? (
          <button
            key="stop"
            type="button"
            className="button button--secondary"
            onClick={() => actor.send({ type: 'STOP' })}
          >
            {advisorChatTexts.stop}
          </button>
        ) : (
          <button key="send" type="submit" className="button button--primary" disabled={!canSend}>
            {advisorChatTexts.send}
          </button>
        )}
      </div>
    </form>
  );
}
