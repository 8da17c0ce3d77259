import { clientErrorLimits } from '../../../contracts/client-error-limits';
import type { ClientErrorReport } from '../../../contracts/client-errors';
import { api } from '../../api/client';
import type { ErrorTransport } from './error-tracker';

/**
 * Today's transport: POST /api/client-errors, stored with the tag beside the screens' rendering
 * errors. Fire and forget: the API client never throws, and a lost report is not the user's problem.
 */
export const clientErrorsTransport: ErrorTransport = (report) => {
  const body: ClientErrorReport = { message: report.message, url: report.url, tag: report.tag };
  if (report.stack) body.stack = report.stack;
  const release = import.meta.env.VITE_RELEASE;
  if (release) body.release = release.slice(0, clientErrorLimits.release);
  void api.post('/api/client-errors', { body });
};
