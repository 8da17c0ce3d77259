import * as z from 'zod/mini';

/** Liveness and database reachability; load balancers that only need liveness use the bare /healthz. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  /** The database's clock (ISO 8601): proves the query ran. */
  time: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

export const getHealthContract = {
  method: 'GET',
  url: '/api/health',
  response: healthSchema,
} as const;
