import * as z from 'zod/mini';
import { clientErrorLimits } from './client-error-limits';

/** What the client's error views send when a screen fails to render ("Algo deu errado"). */
export const clientErrorReportSchema = z.strictObject({
  message: z.string().check(z.minLength(1), z.maxLength(clientErrorLimits.message)),
  stack: z.optional(z.string().check(z.maxLength(clientErrorLimits.stack))),
  componentStack: z.optional(z.string().check(z.maxLength(clientErrorLimits.stack))),
  url: z.string().check(z.maxLength(clientErrorLimits.url)),
  release: z.optional(z.string().check(z.maxLength(clientErrorLimits.release))),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;

export const clientErrorReceiptSchema = z.object({ received: z.literal(true) });

/** Answers 202; limited to 30 reports a minute per address. */
export const reportClientErrorContract = {
  method: 'POST',
  url: '/api/client-errors',
  body: clientErrorReportSchema,
  response: clientErrorReceiptSchema,
} as const;
