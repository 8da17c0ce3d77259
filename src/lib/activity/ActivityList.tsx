import type { ActivityEvent } from '../../../contracts/activity';
import { activityText, activityWhen } from './activity-text';
import './activity.css';

/** Who did what, one line each with when: the task's and the deal's history, the customer's timeline. */
export function ActivityList({
  events,
  label,
  named = false,
}: {
  events: readonly ActivityEvent[];
  label: string;
  named?: boolean;
}) {
  if (events.length === 0) return null;
  return (
    <ul className="activity-list" aria-label={label}>
      {events.map((event) => (
        <li key={event.id} className="activity-list__item">
          <span>{activityText(event, { named })}</span>{' '}
          <time className="activity-list__when" dateTime={event.at}>
            em {activityWhen(event.at)}
          </time>
        </li>
      ))}
    </ul>
  );
}
