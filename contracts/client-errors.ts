import * as z from 'zod/mini';
import { clientErrorLimits } from './client-error-limits';
import { dropNulCharacters } from './nul-characters';

/** A report's tag: what the error tracker groups by. */
export const CLIENT_ERROR_TAG_PATTERN = /^[a-z0-9._-]+$/;

/**
 * What the client sends when a screen fails to render ("Algo deu errado"), and what its error
 * tracker reports (a failed customer save, spec §8), with a tag naming where it happened. Its texts
 * are diagnostics copied from the browser: NUL characters are dropped rather than the report lost.
 */
export const clientErrorReportSchema = z.strictObject({
  message: z.string().check(dropNulCharacters, z.minLength(1), z.maxLength(clientErrorLimits.message)),
  stack: z.optional(z.string().check(dropNulCharacters, z.maxLength(clientErrorLimits.stack))),
  componentStack: z.optional(z.string().check(dropNulCharacters, z.maxLength(clientErrorLimits.stack))),
  url: z.string().check(dropNulCharacters, z.maxLength(clientErrorLimits.url)),
  release: z.optional(z.string().check(dropNulCharacters, z.maxLength(clientErrorLimits.release))),
  /** Where it happened, e.g. "customer.create": short, lower case, digits, ".", "_" and "-". */
  tag: z.optional(
    z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(clientErrorLimits.tag),
        z.regex(CLIENT_ERROR_TAG_PATTERN, { error: 'Etiqueta inválida.' }),
      ),
  ),
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
