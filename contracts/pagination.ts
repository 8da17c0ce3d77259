import * as z from 'zod/mini';

/**
 * Cursor pagination (spec §3: endCursor, pageInfo.hasNextPage). A cursor is opaque to the client:
 * the server encodes where the last row was (keyset), so pages stay right while rows are added.
 * A cursor that does not decode is a 400 ("Página inválida. Recarregue a lista.").
 */
export const INVALID_CURSOR_TEXT = 'Página inválida. Recarregue a lista.';

export const cursorInput = z.optional(
  z
    .string()
    .check(z.minLength(1, { error: INVALID_CURSOR_TEXT }), z.maxLength(512, { error: INVALID_CURSOR_TEXT })),
);

export const pageInfoSchema = z.object({
  hasNextPage: z.boolean(),
  endCursor: z.nullable(z.string()),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** A query-string integer within [min, max], `fallback` when absent (a bad value is a 400). */
export function limitInput(min: number, max: number, fallback: number) {
  return z._default(
    z.coerce
      .number()
      .check(
        z.int({ error: `Use um número inteiro entre ${min} e ${max}.` }),
        z.gte(min, { error: `Use um número entre ${min} e ${max}.` }),
        z.lte(max, { error: `Use um número entre ${min} e ${max}.` }),
      ),
    fallback,
  );
}

/** Ids in paths: a malformed id is the same 404 as an unknown one (nothing to tell apart). */
export const idParam = z.string().check(z.minLength(1), z.maxLength(64));

export const deletedSchema = z.object({ deleted: z.literal(true) });
