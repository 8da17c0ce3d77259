import { useId } from 'react';
import { Link } from '../../lib/routing/Link';
import { RetryButton } from '../retry-button/RetryButton';

/**
 * A page's own error screen (spec §2): what went wrong, "Tentar novamente", and the way back to
 * where the page was opened from.
 */
export function ErrorCard({
  title,
  text,
  onRetry,
  back,
  className,
}: {
  title: string;
  text: string;
  onRetry: () => void;
  back: { to: string; label: string };
  className?: string;
}) {
  const headingId = useId();
  return (
    <section
      className={className ? `card card--start ${className}` : 'card card--start'}
      aria-labelledby={headingId}
    >
      <div role="alert">
        <h2 id={headingId} className="card__heading">
          {title}
        </h2>
        <p className="card__text">{text}</p>
      </div>
      <div className="form__actions">
        <RetryButton onRetry={onRetry} />
        <Link to={back.to} className="button button--secondary">
          {back.label}
        </Link>
      </div>
    </section>
  );
}
