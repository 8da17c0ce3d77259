import type { ReactNode } from 'react';
import { RetryButton } from '../../ui/retry-button/RetryButton';

/** Something this page needs did not load: why (the server's text, or spec §8's), and a retry. */
export function LoadError({
  error,
  onRetry,
  children,
}: {
  error: Error;
  onRetry: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="tasks-load-error card">
      <p className="form-error" role="alert">
        {error.message}
      </p>
      <div className="tasks-actions">
        <RetryButton onRetry={onRetry} />
        {children}
      </div>
    </div>
  );
}
