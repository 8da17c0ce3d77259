import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { FollowUpAction } from '../../../contracts/tasks';
import { appPaths } from '../../../machines/app-paths';
import type { FollowUpStatusActor } from '../../../machines/follow-up-status/follow-up-status.machine';
import { followUpCommandTexts } from '../../../machines/follow-up-status/follow-up-status.texts';
import { connectionPages, pageForStatus } from '../../../machines/whatsapp/whatsapp-connection-pages';
import { Link } from '../../lib/routing/Link';
import { type FollowUpTone, followUpStatusText, followUpTone } from '../../lib/whatsapp/follow-up-status';
import { whatsappStatusQuery } from '../../lib/whatsapp/whatsapp-status-query';
import './follow-up-status.css';

const badgeClass = (tone: FollowUpTone) => (tone ? `badge badge--${tone}` : 'badge');

/** The follow-up's status as a badge ("Agendada para …", "Entregue como modelo", "Falhou"…). */
export function FollowUpStatusBadge({ chart }: { chart: FollowUpStatusActor }) {
  const followUp = useSelector(chart, (s) => s.context.followUp);
  return <span className={badgeClass(followUpTone(followUp))}>{followUpStatusText(followUp)}</span>;
}

/** The connection's page for where it stands (to connect, to reconnect, to see the problem). */
function useConnectionPage(): string {
  const { data } = useQuery(whatsappStatusQuery);
  return data ? pageForStatus(data.status) : connectionPages.index.path;
}

const linkLabels = {
  connect: 'Conectar WhatsApp',
  reconnect: 'Reconectar WhatsApp',
  choose_template: 'Escolher modelo',
  check_number: 'Conferir número',
  reschedule: 'Reagendar',
} as const;

/**
 * Why the follow-up is held back or failed (the server's pt-BR text) and one button or link per
 * thing the owner can do about it, best first: the commands as the chart offers them, busy while
 * the server is asked. `rescheduleHref`: the task's edit page (no task, no "Reagendar").
 */
export function FollowUpProblem({
  chart,
  rescheduleHref,
}: {
  chart: FollowUpStatusActor;
  rescheduleHref: string | null;
}) {
  const connectionPage = useConnectionPage();
  const followUp = useSelector(chart, (s) => s.context.followUp);
  const canSendNow = useSelector(chart, (s) => s.can({ type: 'SEND_NOW' }));
  const canResume = useSelector(chart, (s) => s.can({ type: 'RESUME' }));
  const sendingNow = useSelector(chart, (s) => s.matches({ requesting: 'sendNow' }));
  const resuming = useSelector(chart, (s) => s.matches({ requesting: 'resume' }));
  const problem = followUp.problem;
  if (!problem) return null;
  const busy = sendingNow || resuming;
  const hrefOf = (action: Exclude<FollowUpAction, 'send_now' | 'resume'>): string | null => {
    switch (action) {
      case 'connect':
      case 'reconnect':
        return connectionPage;
      case 'choose_template':
        return appPaths.whatsapp;
      case 'check_number':
        return appPaths.editCustomer(followUp.customerId);
      case 'reschedule':
        return rescheduleHref;
    }
  };
  return (
    <div className="follow-up-problem">
      <p className="card__text">{problem.text}</p>
      {problem.actions.length > 0 ? (
        <div className="follow-up-problem__actions">
          {problem.actions.map((action, index) => {
            const kind = index === 0 ? 'button button--primary' : 'button button--secondary';
            if (action === 'send_now')
              return sendingNow || canSendNow ? (
                <button
                  key={action}
                  type="button"
                  className={kind}
                  disabled={busy}
                  onClick={() => chart.send({ type: 'SEND_NOW' })}
                >
                  {sendingNow ? followUpCommandTexts.sendingNow : followUpCommandTexts.sendNow}
                </button>
              ) : null;
            if (action === 'resume')
              return resuming || canResume ? (
                <button
                  key={action}
                  type="button"
                  className={kind}
                  disabled={busy}
                  onClick={() => chart.send({ type: 'RESUME' })}
                >
                  {resuming ? followUpCommandTexts.resuming : followUpCommandTexts.resume}
                </button>
              ) : null;
            const href = hrefOf(action);
            return href ? (
              <Link key={action} to={href} className={kind}>
                {linkLabels[action]}
              </Link>
            ) : null;
          })}
        </div>
      ) : null}
    </div>
  );
}
