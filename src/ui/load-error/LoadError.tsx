import type { ReactNode } from 'react';
import { isClientError } from '../../api/api-error';
import { RetryButton } from '../retry-button/RetryButton';
import './load-error.css';

/**
 * Something a page needs did not load: why (the server's words, or spec §8's "No … data
 * returned") and "Tentar novamente", except after a 4xx (not found, another company's, refused):
 * asking again would only say the same. `children`: other ways on, such as back to a list.
 * `framed`: a card of its own (a page's content), or plain (inside a card or a form).
 */
export function LoadError({
  error,
  onRetry,
  children,
  framed = true,
}: {
  error: Error;
  onRetry: () => void;
  children?: ReactNode;
  framed?: boolean;
}) {
  const retry = !isClientError(error);
  return (
    <div className={framed ? 'load-error card' : 'load-error'}>
      <p className="form-error" role="alert">
        {error.message}
      </p>
      {retry || children ? (
        <div className="load-error__actions">
          {retry ? <RetryButton onRetry={onRetry} /> : null}
          {children}
        </div>
      ) : null}
    </div>
  );
}
