import * as z from 'zod/mini';

/**
 * For text copied from elsewhere rather than typed (a file being imported, an error report): drops
 * NUL characters (U+0000), which nobody means and the database cannot store, so the rest arrives.
 * Typed text keeps them and is refused with a 400 on its field (server/http/nul-characters.ts).
 */
export const dropNulCharacters = z.overwrite((text: string) => text.replaceAll('\u0000', ''));
