import type { FollowUpMessage } from '../../../contracts/tasks';
import { Link } from '../../app/routing/Link';
import { formatDateTime } from '../../lib/format/date';
import { followUpStatusText, followUpTone, isAwaitingConnection } from './follow-up-status';

export const WHATSAPP_CONNECTION_PATH = '/settings/whatsapp-business-connection';

/** The task's follow-up message: the text, when it goes, where it stands, and how to remove it. */
export function FollowUpCard({
  followUp,
  customerName,
  removeHref,
}: {
  followUp: FollowUpMessage;
  customerName: string | null;
  removeHref: string;
}) {
  const awaiting = isAwaitingConnection(followUp);
  return (
    <section className="task-card follow-up-card" aria-labelledby="follow-up-title">
      <h2 id="follow-up-title" className="task-card__title">
        Mensagem de follow-up
      </h2>
      <blockquote className="follow-up-card__message">{followUp.message}</blockquote>
      <dl className="task-details">
        {customerName ? (
          <div className="task-details__row">
            <dt>Para</dt>
            <dd>{customerName}, no WhatsApp</dd>
          </div>
        ) : null}
        <div className="task-details__row">
          <dt>Envio</dt>
          <dd>{formatDateTime(followUp.scheduledFor)}</dd>
        </div>
        <div className="task-details__row">
          <dt>Situação</dt>
          <dd>
            <span className={`task-badge task-badge--${followUpTone(followUp)}`}>
              {followUpStatusText(followUp)}
            </span>
          </dd>
        </div>
      </dl>
      {awaiting ? (
        <p className="follow-up-card__hint">
          A mensagem sai assim que o WhatsApp da empresa estiver conectado.{' '}
          <Link to={WHATSAPP_CONNECTION_PATH}>Conectar WhatsApp</Link>
        </p>
      ) : null}
      <div className="tasks-actions">
        <Link to={removeHref} className="button button--secondary">
          Remover mensagem
        </Link>
      </div>
    </section>
  );
}
