import type { DocumentType } from '../../../contracts/brazil/document-number';
import { formatDocumentNumber } from '../../../contracts/brazil/document-number';
import {
  type brazilianStates,
  type CompanyInfo,
  type CompanyInfoInput,
  companyInfoInputSchema,
} from '../../../contracts/company';
import type { Issue } from '../../../contracts/envelope';

/** What the form holds: text as typed, '' for nothing. */
export interface CompanyForm {
  name: string;
  businessName: string;
  documentType: DocumentType;
  documentNumber: string;
  email: string;
  city: string;
  state: '' | (typeof brazilianStates)[number];
  description: string;
  showNubankWidget: boolean;
}

export type CompanyField = Exclude<keyof CompanyForm, 'showNubankWidget' | 'documentType'>;
export const companyFields: readonly CompanyField[] = [
  'name',
  'businessName',
  'documentNumber',
  'email',
  'city',
  'state',
  'description',
];

export function formOf(company: CompanyInfo): CompanyForm {
  return {
    name: company.name ?? '',
    businessName: company.businessName ?? '',
    documentType: company.documentType,
    documentNumber: company.documentNumber
      ? formatDocumentNumber(company.documentType, company.documentNumber)
      : '',
    email: company.email ?? '',
    city: company.city ?? '',
    state: company.state ?? '',
    description: company.description ?? '',
    showNubankWidget: company.showNubankWidget,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text);

/** PUT /api/settings/company's body: empty optional fields are null. */
export function inputOf(form: CompanyForm): CompanyInfoInput {
  return {
    name: form.name,
    businessName: form.businessName,
    documentType: form.documentType,
    documentNumber: form.documentNumber,
    email: orNull(form.email),
    city: orNull(form.city),
    state: form.state === '' ? null : form.state,
    description: orNull(form.description),
    showNubankWidget: form.showNubankWidget,
  };
}

export interface FieldProblems {
  /** Field → its first message. */
  fields: Partial<Record<CompanyField, string>>;
  /** What no field shows. */
  message: string | null;
}

/** Issues (the contract's check, or a 400's) beside the fields they name; the rest as one message. */
export function problemsOf(issues: readonly Issue[], fallback: string | null): FieldProblems {
  const fields: FieldProblems['fields'] = {};
  let unplaced = issues.length === 0;
  for (const issue of issues) {
    const field = issue.path.split('.')[0] as CompanyField;
    if (companyFields.includes(field)) fields[field] ??= issue.message;
    else unplaced = true;
  }
  return { fields, message: unplaced ? fallback : null };
}

/** The form checked as the server will check it (CPF/CNPJ check digits included). */
export function checkForm(
  form: CompanyForm,
): { ok: true; input: CompanyInfoInput } | { ok: false; problems: FieldProblems } {
  const checked = companyInfoInputSchema.safeParse(inputOf(form));
  if (checked.success) return { ok: true, input: inputOf(form) };
  const issues = checked.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  return { ok: false, problems: problemsOf(issues, 'Confira os dados da empresa.') };
}
