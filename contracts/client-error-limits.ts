/**
 * Field lengths a client error report may have. A file of its own, free of zod, so the client can
 * trim to them without bundling the schema.
 */
export const clientErrorLimits = { message: 2000, stack: 20_000, url: 2000, release: 100, tag: 64 } as const;
