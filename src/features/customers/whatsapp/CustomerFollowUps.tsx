import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { FollowUpMessage } from '../../../../contracts/tasks';
import { appPaths, taskAddress } from '../../../../machines/app-paths';
import { followUpCommandTexts } from '../../../../machines/follow-up-status/follow-up-status.texts';
import { formatDateTime } from '../../../lib/format/date';
import { Link } from '../../../lib/routing/Link';
import { useResumeFollowUps } from '../../../lib/whatsapp/useResumeFollowUps';
import { FollowUpProblem, FollowUpStatusBadge } from '../../../ui/follow-up-status/FollowUpStatus';
import { useFollowUpStatus } from '../../../ui/follow-up-status/useFollowUpStatus';
import { LoadError } from '../../../ui/load-error/LoadError';
import { customerFollowUpsQuery, customerWhatsappQuery } from './customer-whatsapp-queries';

export const FOLLOW_UPS_PAUSED_TEXT =
  'Você respondeu pelo celular: os follow-ups automáticos deste cliente estão pausados.';
export const UNDELIVERABLE_TEXT =
  'O WhatsApp informou que este número não recebe mensagens. Confira o número com o cliente.';

/** The customer's follow-ups paused by a reply from the phone: why, and "Retomar follow-ups". */
function PausedBanner({ customerId }: { customerId: string }) {
  const resume = useResumeFollowUps();
  return (
    <div className="follow-up-notice" role="status">
      <p>{FOLLOW_UPS_PAUSED_TEXT}</p>
      <button
        type="button"
        className="button button--primary"
        disabled={resume.isPending}
        onClick={() => resume.mutate(customerId)}
      >
        {resume.isPending ? followUpCommandTexts.resuming : followUpCommandTexts.resume}
      </button>
    </div>
  );
}

/** One of the customer's follow-ups: its task, where it stands (its chart), the text, the time. */
function CustomerFollowUp({ followUp }: { followUp: FollowUpMessage & { taskTitle: string | null } }) {
  const chart = useFollowUpStatus(followUp);
  const hasProblem = useSelector(chart, (s) => s.context.followUp.problem !== null);
  const taskHref = followUp.taskId ? taskAddress.detail(appPaths.tasks, followUp.taskId) : null;
  return (
    <li className="customer-follow-ups__item">
      <div className="customer-follow-ups__heading">
        {taskHref ? (
          <Link to={taskHref} className="customer-detail__item-title">
            {followUp.taskTitle ?? 'Tarefa'}
          </Link>
        ) : (
          <span className="customer-detail__item-title">{followUp.taskTitle ?? 'Follow-up'}</span>
        )}
        <FollowUpStatusBadge chart={chart} />
      </div>
      <p className="customer-follow-ups__message">{followUp.message}</p>
      <p className="customer-detail__item-note">Envio: {formatDateTime(followUp.scheduledFor)}</p>
      {hasProblem ? (
        <FollowUpProblem
          chart={chart}
          rescheduleHref={followUp.taskId ? taskAddress.edit(appPaths.tasks, followUp.taskId) : null}
        />
      ) : null}
    </li>
  );
}

function UndeliverableWarning({ customerId }: { customerId: string }) {
  return (
    <div className="follow-up-notice follow-up-notice--danger" role="alert">
      <p>{UNDELIVERABLE_TEXT}</p>
      <Link to={appPaths.editCustomer(customerId)} className="button button--secondary">
        Conferir número
      </Link>
    </div>
  );
}

/**
 * "Follow-ups" on the customer page: the follow-ups still to go or held back, each with its status
 * and what to do, under a banner when they are paused and a warning when the number cannot receive.
 * Live: followup.changed marks the customer's detail (and these, under it) stale.
 */
export function CustomerFollowUps({ customerId }: { customerId: string }) {
  const headingId = useId();
  const whatsapp = useQuery(customerWhatsappQuery(customerId));
  const followUps = useQuery(customerFollowUpsQuery(customerId));
  const paused = whatsapp.data?.followUpsPausedAt != null;
  const undeliverable = whatsapp.data?.undeliverable === true;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__heading">
        Follow-ups
      </h2>
      {paused ? <PausedBanner customerId={customerId} /> : null}
      {undeliverable ? <UndeliverableWarning customerId={customerId} /> : null}
      {followUps.isPending ? (
        <p className="card__text" role="status">
          Carregando follow-ups...
        </p>
      ) : followUps.isError ? (
        <LoadError error={followUps.error} onRetry={() => void followUps.refetch()} />
      ) : followUps.data.length === 0 ? (
        <p className="card__text">Nenhum follow-up pendente para este cliente.</p>
      ) : (
        <ul className="list list--plain customer-follow-ups">
          {followUps.data.map((followUp) => (
            <CustomerFollowUp key={followUp.id} followUp={followUp} />
          ))}
        </ul>
      )}
    </section>
  );
}
