import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportClientError } from '../../lib/error-tracking/report-client-error';
import { UnexpectedErrorView } from './UnexpectedErrorView';

type ErrorBoundaryProps = {
  children: ReactNode;
  /** When this changes after an error (the user navigated), the children get another chance. */
  resetKey?: unknown;
  /** The root boundary: the error view takes the whole page. */
  fullPage?: boolean;
};

// `failed` apart from `error`: anything can be thrown, undefined included.
type ErrorBoundaryState = { failed: boolean };

/** Shows "Algo deu errado" in place of a subtree that failed to render, and reports it once. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportClientError(error, info.componentStack);
  }

  override componentDidUpdate(previousProps: ErrorBoundaryProps, previousState: ErrorBoundaryState) {
    // Only an error that was already showing is cleared: the render that failed may itself be the
    // one that brought the new key.
    if (previousState.failed && this.state.failed && previousProps.resetKey !== this.props.resetKey) {
      this.setState({ failed: false });
    }
  }

  override render() {
    return this.state.failed ? <UnexpectedErrorView fullPage={this.props.fullPage} /> : this.props.children;
  }
}
