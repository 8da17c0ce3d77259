import * as z from 'zod/mini';
import { deletedSchema, idParam } from './pagination';

/**
 * "Contatos ignorados" (spec §2 blocklist, §3 entry: name, phoneNumber; §5 validation; §7 GET
 * settings/whatsapp/blocklist): numbers whose WhatsApp messages are dropped before anything about
 * them is stored. The phone is the national number (DDD + number, 10 or 11 digits); the server keeps
 * it with 55 and treats the Brazilian ninth digit as the same number.
 */
export const BLOCKLIST_NAME_REQUIRED_TEXT = 'Nome é obrigatório';
export const BLOCKLIST_PHONE_MIN_TEXT = 'Telefone deve ter pelo menos 10 dígitos';
export const BLOCKLIST_PHONE_MAX_TEXT = 'Telefone deve ter no máximo 11 dígitos';
export const BLOCKLIST_LOAD_ERROR_TEXT = 'Erro ao carregar lista de contatos ignorados';
export const BLOCKLIST_PHONE_MIN_DIGITS = 10;
export const BLOCKLIST_PHONE_MAX_DIGITS = 11;
export const BLOCKLIST_NAME_MAX = 120;
export const BLOCKLIST_NAME_MAX_TEXT = `Use no máximo ${BLOCKLIST_NAME_MAX} caracteres.`;
export const BLOCKLIST_PHONE_DIGITS_TEXT = 'Telefone deve conter apenas números';
export const BLOCKLIST_DUPLICATE_TEXT = 'Este número já está na lista de contatos ignorados.';
export const BLOCKLIST_NOT_FOUND_TEXT = 'Contato ignorado não encontrado.';

/** What a phone field may hold around its digits: the mask's parentheses, spaces, dashes, dots. */
const PHONE_MASK = /[\s().-]/g;

/**
 * The national number typed (DDD + number), mask characters dropped; a leading +55 (or 55 before
 * 12 or 13 digits) is the country code, not part of it. Anything but digits stays, so the check
 * below can refuse it.
 */
export function blocklistPhoneDigits(input: string): string {
  const bare = input.replace(PHONE_MASK, '');
  if (bare.startsWith('+55')) return bare.slice(3);
  if (/^55[0-9]{10,11}$/.test(bare)) return bare.slice(2);
  return bare;
}

/** The form's fields as the spec checks them (§5), shared by the page and the server. */
export const blocklistInputSchema = z.strictObject({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: BLOCKLIST_NAME_REQUIRED_TEXT }),
      z.maxLength(BLOCKLIST_NAME_MAX, { error: BLOCKLIST_NAME_MAX_TEXT }),
    ),
  phoneNumber: z
    .string()
    .check(
      z.overwrite(blocklistPhoneDigits),
      z.regex(/^[0-9]*$/, { error: BLOCKLIST_PHONE_DIGITS_TEXT, abort: true }),
      z.minLength(BLOCKLIST_PHONE_MIN_DIGITS, { error: BLOCKLIST_PHONE_MIN_TEXT }),
      z.maxLength(BLOCKLIST_PHONE_MAX_DIGITS, { error: BLOCKLIST_PHONE_MAX_TEXT }),
    ),
});
export type BlocklistInput = z.input<typeof blocklistInputSchema>;

export const blocklistEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** DDD + number, digits only (11987654321). */
  phoneNumber: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type BlocklistEntry = z.infer<typeof blocklistEntrySchema>;

export const listBlocklistContract = {
  method: 'GET',
  url: '/api/settings/whatsapp/blocklist',
  response: z.array(blocklistEntrySchema),
} as const;

export const addBlocklistEntryContract = {
  method: 'POST',
  url: '/api/settings/whatsapp/blocklist',
  /** Validation texts are the spec's; a number already on the list is a 409 (BLOCKLIST_DUPLICATE). */
  body: blocklistInputSchema,
  response: blocklistEntrySchema,
} as const;

export const removeBlocklistEntryContract = {
  method: 'DELETE',
  url: '/api/settings/whatsapp/blocklist/:entryId',
  params: z.object({ entryId: idParam }),
  response: deletedSchema,
} as const;
