import { useSelector } from '@xstate/react';
import { DISCONNECT_COMMENT_MAX, disconnectReasons } from '../../../contracts/whatsapp-connection';
import type { WhatsappConnectionActor } from '../../../machines/whatsapp/whatsapp-connection.machine';
import { disconnectReasonLabels } from '../../../machines/whatsapp/whatsapp-connection-labels';

/** "Feedback de Desconexão": why the owner disconnected (a reason, an optional comment); send or skip. */
export function DisconnectFeedback({ connection }: { connection: WhatsappConnectionActor }) {
  const sending = useSelector(connection, (s) => s.matches('sendingFeedback'));
  const reason = useSelector(connection, (s) => s.context.reason);
  const comment = useSelector(connection, (s) => s.context.comment);
  const reasonMissing = useSelector(connection, (s) => s.context.reasonMissing);
  const failure = useSelector(connection, (s) => s.context.failure);
  const error = reasonMissing ? 'Escolha um motivo.' : (failure?.detail ?? null);
  return (
    <form
      className="card form"
      aria-labelledby="whatsapp-feedback"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        connection.send({ type: 'SEND' });
      }}
    >
      <h2 id="whatsapp-feedback" className="card__heading">
        Seu WhatsApp foi desconectado. Conta pra gente o motivo?
      </h2>
      <fieldset className="field whatsapp-connection__reasons" disabled={sending}>
        <legend className="field__label">Motivo</legend>
        {disconnectReasons.map((value) => (
          <label key={value} className="choice__option">
            <input
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              aria-invalid={reasonMissing ? true : undefined}
              onChange={() => connection.send({ type: 'CHOOSE_REASON', reason: value })}
            />
            {disconnectReasonLabels[value]}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor="whatsapp-feedback-comment">
          Comentário (opcional)
        </label>
        <textarea
          id="whatsapp-feedback-comment"
          className="field__input"
          rows={3}
          maxLength={DISCONNECT_COMMENT_MAX}
          value={comment}
          readOnly={sending}
          onChange={(event) => connection.send({ type: 'CHANGE_COMMENT', comment: event.target.value })}
        />
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Enviando...' : 'Enviar feedback'}
        </button>
        {sending ? null : (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => connection.send({ type: 'SKIP' })}
          >
            Pular
          </button>
        )}
      </div>
    </form>
  );
}
