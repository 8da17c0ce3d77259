import * as z from 'zod/mini';
import { documentTypes } from './brazil/document-number';
import { companyDetailsFields, documentNumberCheck } from './onboarding';

/**
 * "Sobre a empresa" (spec §2 /settings/company-info; §7 GET settings/company → data.company):
 * the company as onboarding saved it, plus what customers and the AI should know about it.
 */

export const COMPANY_DESCRIPTION_MAX = 1000;
export const COMPANY_CITY_MAX = 80;
export const brazilianStates = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

export const companyInfoSchema = z.object({
  id: z.string(),
  /** Spec §3: may be null; the view falls back to businessName, then "Nome da empresa". */
  name: z.nullable(z.string()),
  businessName: z.nullable(z.string()),
  documentType: z.enum(documentTypes),
  /** Masked (000.000.000-00 / 00.000.000/0000-00), or null. */
  documentNumber: z.nullable(z.string()),
  /** Contact e-mail for customers. */
  email: z.nullable(z.string()),
  city: z.nullable(z.string()),
  state: z.nullable(z.enum(brazilianStates)),
  /** What the business does, in the owner's words (the AI advisor reads it). */
  description: z.nullable(z.string()),
  /** The bank's charge-creation shortcut on task details (spec §3 showNubankWidget). */
  showNubankWidget: z.boolean(),
  /** IANA zone the task filters use; America/Sao_Paulo by default. */
  timezone: z.string(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

export const getCompanyInfoContract = {
  method: 'GET',
  url: '/api/settings/company',
  response: z.object({ company: companyInfoSchema }),
  minRole: 'manager',
} as const;

const optionalText = (max: number) =>
  z.nullable(
    z.optional(z.string().check(z.trim(), z.maxLength(max, { error: `Use no máximo ${max} caracteres.` }))),
  );

/** Onboarding's company fields and checks (CPF/CNPJ check digits), plus the rest. */
export const companyInfoInputSchema = z
  .strictObject({
    ...companyDetailsFields,
    email: z.nullable(
      z.optional(
        z.string().check(
          z.trim(),
          z.maxLength(254),
          z.refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
            error: 'E-mail inválido. Confira o endereço.',
          }),
        ),
      ),
    ),
    city: optionalText(COMPANY_CITY_MAX),
    state: z.nullable(z.optional(z.enum(brazilianStates, { error: 'Escolha um estado.' }))),
    description: optionalText(COMPANY_DESCRIPTION_MAX),
    showNubankWidget: z.boolean(),
  })
  .check(documentNumberCheck);
export type CompanyInfoInput = z.input<typeof companyInfoInputSchema>;

export const updateCompanyInfoContract = {
  method: 'PUT',
  url: '/api/settings/company',
  body: companyInfoInputSchema,
  response: z.object({ company: companyInfoSchema }),
  minRole: 'manager',
} as const;

/** Spec §8. */
export const COMPANY_INFO_LOAD_FAILED_TEXT = 'Erro ao carregar dados da empresa';
export { documentTypes };
