import * as z from 'zod/mini';

/** What the client's error views send when a screen fails to render ("Algo deu errado"). */
export const clientErrorReportSchema = z.strictObject({
  message: z.string().check(z.minLength(1), z.maxLength(2000)),
  stack: z.optional(z.string().check(z.maxLength(20_000))),
  componentStack: z.optional(z.string().check(z.maxLength(20_000))),
  url: z.string().check(z.maxLength(2000)),
  release: z.optional(z.string().check(z.maxLength(100))),
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
