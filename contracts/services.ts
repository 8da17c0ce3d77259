import * as z from 'zod/mini';
import { idParam } from './pagination';

/**
 * The services catalogue (spec §2 /settings/services, §3 businessServices, §7, §8, §9 stale 300 s).
 * Deals pick from it; the AI reads it. A service used by deals is archived (active false), never
 * deleted, so old deals keep their lines.
 */

export const SERVICE_NAME_MAX = 80;
export const SERVICE_DESCRIPTION_MAX = 1000;
/** R$ 1.000.000,00 */
export const SERVICE_PRICE_MAX_CENTS = 100_000_000;
/** 30 days. */
export const SERVICE_DURATION_MAX_MINUTES = 43_200;

export const businessServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  priceCents: z.number(),
  /** null when it has no set duration (a product, a cake). */
  durationMinutes: z.nullable(z.number()),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BusinessService = z.infer<typeof businessServiceSchema>;

/** GET settings services (spec §7): every service of the company, active first, by name. */
export const listServicesContract = {
  method: 'GET',
  url: '/api/settings/services',
  response: z.object({ businessServices: z.array(businessServiceSchema) }),
} as const;

export const SERVICE_NAME_REQUIRED_TEXT = 'Informe o nome do serviço.';
export const SERVICE_NAME_TAKEN_TEXT = 'Já existe um serviço com este nome.';

export const serviceInputSchema = z.strictObject({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: SERVICE_NAME_REQUIRED_TEXT }),
      z.maxLength(SERVICE_NAME_MAX, { error: `Use no máximo ${SERVICE_NAME_MAX} caracteres.` }),
    ),
  description: z.nullable(
    z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(SERVICE_DESCRIPTION_MAX, {
          error: `Use no máximo ${SERVICE_DESCRIPTION_MAX} caracteres.`,
        }),
      ),
    ),
  ),
  priceCents: z
    .number()
    .check(
      z.int({ error: 'Informe o preço.' }),
      z.gte(0, { error: 'O preço não pode ser negativo.' }),
      z.lte(SERVICE_PRICE_MAX_CENTS, { error: 'Preço alto demais.' }),
    ),
  durationMinutes: z.nullable(
    z.optional(
      z
        .number()
        .check(
          z.int({ error: 'Informe a duração em minutos.' }),
          z.gte(1, { error: 'A duração deve ser de pelo menos 1 minuto.' }),
          z.lte(SERVICE_DURATION_MAX_MINUTES, { error: 'Duração longa demais.' }),
        ),
    ),
  ),
  active: z._default(z.boolean(), true),
});
export type ServiceInput = z.input<typeof serviceInputSchema>;

export const serviceParams = z.object({ serviceId: idParam });

/** Answers 201. Names are unique per company, case and accents aside (409 SERVICE_NAME_TAKEN_TEXT). */
export const createServiceContract = {
  method: 'POST',
  url: '/api/settings/services',
  body: serviceInputSchema,
  response: z.object({ businessService: businessServiceSchema }),
  idempotent: true,
  minRole: 'manager',
} as const;

export const updateServiceContract = {
  method: 'PUT',
  url: '/api/settings/services/:serviceId',
  params: serviceParams,
  body: serviceInputSchema,
  response: z.object({ businessService: businessServiceSchema }),
  minRole: 'manager',
} as const;

/** Client-side texts of spec §8 (the edit page looks the id up in the list). */
export const SERVICES_FETCH_FAILED_TEXT = 'Failed to fetch services';
export const SERVICE_NOT_FOUND_TEXT = 'Service not found';
