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
  body: z.strictObject({ name: z.string(), phoneNumber: z.string() }),
  response: blocklistEntrySchema,
} as const;

export const removeBlocklistEntryContract = {
  method: 'DELETE',
  url: '/api/settings/whatsapp/blocklist/:entryId',
  params: z.object({ entryId: idParam }),
  response: deletedSchema,
} as const;
