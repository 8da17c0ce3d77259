import { ADVISOR_OFFLINE_NOTICE_TEXT } from '../../../../contracts/advisor';
import type { AdvisorChatMessage } from '../../../../machines/advisor-chat/advisor-chat.machine';
import { advisorChatTexts } from '../../../../machines/advisor-chat/advisor-chat.texts';
import { Link } from '../../../lib/routing/Link';

/** One message: the owner's on the right; the advisor's on the left, with the records it used. */
export function AdvisorMessageView({ message, note }: { message: AdvisorChatMessage; note?: string }) {
  const fromUser = message.role === 'user';
  const failed = message.status === 'failed';
  const className = [
    'advisor-msg',
    fromUser ? 'advisor-msg--user' : 'advisor-msg--advisor',
    failed ? 'advisor-msg--failed' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const shownNote = note ?? (message.local === 'stopped' ? advisorChatTexts.stopped : undefined);
  return (
    <li className={className} data-from={fromUser ? 'user' : 'advisor'} data-failed={failed || undefined}>
      {message.mode === 'offline' && <p className="advisor-msg__notice">{ADVISOR_OFFLINE_NOTICE_TEXT}</p>}
      {message.text && (
        <p className="advisor-msg__text" role={failed ? 'alert' : undefined}>
          {message.text}
        </p>
      )}
      {shownNote && <p className="advisor-msg__note">{shownNote}</p>}
      {message.sources.length > 0 && (
        <ul className="advisor-msg__sources" aria-label={advisorChatTexts.sourcesLabel}>
          {message.sources.map((source) => (
            <li key={`${source.kind}-${source.id}`}>
              <Link to={source.href} className="advisor-msg__source">
                {source.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
