import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ApiError } from '../../api/api-error';
import { reportClientError } from '../../lib/error-tracking/report-client-error';

type Screen = (retry: () => void) => ReactNode;
type BoundaryProps = { children: ReactNode; screen: Screen; onReset: () => void };

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // A call that failed is the server's or the network's doing, not a defect of this page.
    if (!(error instanceof ApiError)) reportClientError(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.screen(() => {
      this.props.onReset();
      this.setState({ failed: false });
    });
  }
}

/**
 * Spec §2: some routes (company info, phone change, invite, blocklist) have their own error
 * screen. What fails below it (its data not loading, a render error) shows `screen`, whose retry
 * fetches the failed queries again and renders the page anew.
 */
export function OwnErrorScreen({ children, screen }: { children: ReactNode; screen: Screen }) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <Boundary screen={screen} onReset={reset}>
          {children}
        </Boundary>
      )}
    </QueryErrorResetBoundary>
  );
}
