import type { DocumentType } from '../../../contracts/brazil/document-number';
import { formatDocumentNumber } from '../../../contracts/brazil/document-number';
import {
  type brazilianStates,
  type CompanyInfo,
  type CompanyInfoInput,
  companyInfoInputSchema,
} from '../../../contracts/company';
import type { Issue } from '../../../contracts/envelope';
import { fieldIssues, issuesOfCheck } from '../../lib/forms/field-issues';

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
  const { byField, others } = fieldIssues(issues, companyFields);
  return { fields: byField, message: issues.length === 0 || others.length > 0 ? fallback : null };
}

/** The form checked as the server will check it (CPF/CNPJ check digits included). */
export function checkForm(
  form: CompanyForm,
): { ok: true; input: CompanyInfoInput } | { ok: false; problems: FieldProblems } {
  const checked = companyInfoInputSchema.safeParse(inputOf(form));
  if (checked.success) return { ok: true, input: inputOf(form) };
  return {
    ok: false,
    problems: problemsOf(issuesOfCheck(checked.error.issues), 'Confira os dados da empresa.'),
  };
}
