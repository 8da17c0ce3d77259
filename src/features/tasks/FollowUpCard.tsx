import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { FollowUpMessage } from '../../../contracts/tasks';
import { connectionPages, pageForStatus } from '../../../machines/whatsapp/whatsapp-connection-pages';
import { formatDateTime } from '../../lib/format/date';
import { Link } from '../../lib/routing/Link';
import { isAwaitingConnection } from '../../lib/whatsapp/follow-up-status';
import { whatsappStatusQuery } from '../../lib/whatsapp/whatsapp-status-query';
import { FollowUpProblem, FollowUpStatusBadge } from '../../ui/follow-up-status/FollowUpStatus';
import { useFollowUpStatus } from '../../ui/follow-up-status/useFollowUpStatus';

/** "Conectar WhatsApp", to the connection's page for where it stands (to reconnect, to see the problem). */
function ConnectWhatsappLink() {
  const { data } = useQuery(whatsappStatusQuery);
  return <Link to={data ? pageForStatus(data.status) : connectionPages.index.path}>Conectar WhatsApp</Link>;
}

/**
 * The task's follow-up message: the text, when it goes, where it stands (the follow-up-status chart,
 * told each new reading; live: followup.changed marks the tasks stale), what to do when it is held
 * back or failed, and how to remove it.
 */
export function FollowUpCard({
  followUp,
  customerName,
  removeHref,
  editHref,
}: {
  followUp: FollowUpMessage;
  customerName: string | null;
  removeHref: string;
  /** The task's edit page: "Reagendar". */
  editHref: string;
}) {
  const chart = useFollowUpStatus(followUp);
  const standing = useSelector(chart, (s) => s.context.followUp);
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
            <FollowUpStatusBadge chart={chart} />
          </dd>
        </div>
      </dl>
      {standing.problem ? (
        <FollowUpProblem chart={chart} rescheduleHref={editHref} />
      ) : isAwaitingConnection(standing) ? (
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
