import { useQuery } from '@tanstack/react-query';
import type { FollowUpAction, FollowUpMessage } from '../../../contracts/tasks';
import { appPaths } from '../../../machines/app-paths';
import { connectionPages, pageForStatus } from '../../../machines/whatsapp/whatsapp-connection-pages';
import { Link } from '../../lib/routing/Link';
import { type FollowUpTone, followUpStatusText, followUpTone } from '../../lib/whatsapp/follow-up-status';
import { useFollowUpCommands } from '../../lib/whatsapp/useFollowUpCommands';
import { whatsappStatusQuery } from '../../lib/whatsapp/whatsapp-status-query';
import './follow-up-status.css';

const badgeClass = (tone: FollowUpTone) => (tone ? `badge badge--${tone}` : 'badge');

/** The follow-up's status as a badge ("Agendada para …", "Entregue como modelo", "Falhou"…). */
export function FollowUpStatusBadge({ followUp }: { followUp: FollowUpMessage }) {
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
 * thing the owner can do about it, best first. `rescheduleHref`: the task's edit page (no task, no
 * "Reagendar").
 */
export function FollowUpProblem({
  followUp,
  rescheduleHref,
}: {
  followUp: FollowUpMessage;
  rescheduleHref: string | null;
}) {
  const connectionPage = useConnectionPage();
  const { sendNow, resume } = useFollowUpCommands();
  const problem = followUp.problem;
  if (!problem) return null;
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
              return (
                <button
                  key={action}
                  type="button"
                  className={kind}
                  disabled={sendNow.isPending}
                  onClick={() => sendNow.mutate(followUp.id)}
                >
                  {sendNow.isPending ? 'Enviando...' : 'Enviar agora'}
                </button>
              );
            if (action === 'resume')
              return (
                <button
                  key={action}
                  type="button"
                  className={kind}
                  disabled={resume.isPending}
                  onClick={() => resume.mutate(followUp.customerId)}
                >
                  {resume.isPending ? 'Retomando...' : 'Retomar follow-ups'}
                </button>
              );
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
