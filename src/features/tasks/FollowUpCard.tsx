import { useQuery } from '@tanstack/react-query';
import type { FollowUpMessage } from '../../../contracts/tasks';
import { connectionPages, pageForStatus } from '../../../machines/whatsapp/whatsapp-connection-pages';
import { formatDateTime } from '../../lib/format/date';
import { Link } from '../../lib/routing/Link';
import { whatsappStatusQuery } from '../../lib/whatsapp/whatsapp-status-query';
import { followUpStatusText, followUpTone, isAwaitingConnection } from './follow-up-status';

const badgeClass = (tone: 'success' | 'danger' | null) => (tone ? `badge badge--${tone}` : 'badge');

/** "Conectar WhatsApp", to the connection's page for where it stands (to reconnect, to see the problem). */
function ConnectWhatsappLink() {
  const { data } = useQuery(whatsappStatusQuery);
  return <Link to={data ? pageForStatus(data.status) : connectionPages.index.path}>Conectar WhatsApp</Link>;
}

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
    <section className="card" aria-labelledby="follow-up-title">
      <h2 id="follow-up-title" className="card__heading">
        Mensagem de follow-up
      </h2>
      <blockquote className="follow-up-card__message">{followUp.message}</blockquote>
      <dl className="details">
        {customerName ? (
          <div className="details__row">
            <dt>Para</dt>
            <dd>{customerName}, no WhatsApp</dd>
          </div>
        ) : null}
        <div className="details__row">
          <dt>Envio</dt>
          <dd>{formatDateTime(followUp.scheduledFor)}</dd>
        </div>
        <div className="details__row">
          <dt>Situação</dt>
          <dd>
            <span className={badgeClass(followUpTone(followUp))}>{followUpStatusText(followUp)}</span>
          </dd>
        </div>
      </dl>
      {awaiting ? (
        <p className="card__text">
          A mensagem sai assim que o WhatsApp da empresa estiver conectado. <ConnectWhatsappLink />
        </p>
      ) : null}
      <div className="form__actions">
        <Link to={removeHref} className="button button--secondary">
          Remover mensagem
        </Link>
      </div>
    </section>
  );
}
