import { formatCustomerPhone } from '../../../contracts/brazil/customer-phone';
import {
  type Customer,
  type CustomerInput,
  type CustomerSource,
  customerInputSchema,
} from '../../../contracts/customers';
import type { Issue } from '../../../contracts/envelope';
import { fieldIssues, issuesOfCheck } from '../../lib/forms/field-issues';

/** What the customer form holds while the person edits it. */
export interface CustomerFormValues {
  name: string;
  /** As shown in the field (masked). */
  phone: string;
  email: string;
  tags: string[];
  source: CustomerSource | '';
  notes: string;
}

export const customerFormFields = ['name', 'phone', 'email', 'tags', 'source', 'notes'] as const;
export type CustomerFormField = (typeof customerFormFields)[number];
export type CustomerFormErrors = Partial<Record<CustomerFormField | 'form', string>>;

export function formValuesOf(customer?: Customer): CustomerFormValues {
  return {
    name: customer?.name ?? '',
    phone: customer?.phone ? formatCustomerPhone(customer.phone) : '',
    email: customer?.email ?? '',
    tags: customer?.tags ?? [],
    source: customer?.source ?? '',
    notes: customer?.notes ?? '',
  };
}

/** The body of POST/PUT /api/customers: empty fields are null ("none"). */
export function customerInputOf(values: CustomerFormValues): CustomerInput {
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    name: values.name.trim(),
    phone: orNull(values.phone),
    email: orNull(values.email),
    notes: orNull(values.notes),
    tags: values.tags,
    source: values.source === '' ? null : values.source,
  };
}

/**
 * Issues (the contract's own check before sending, or a 400's) beside their fields: "tags.2" goes
 * to the tags; one the form has no field for goes to the form. The first per field wins.
 */
export function fieldErrorsOf(issues: readonly Issue[]): CustomerFormErrors {
  const { byField, others } = fieldIssues(issues, customerFormFields);
  return others[0] ? { ...byField, form: others[0].message } : byField;
}

/** The contract's check of what was typed, before anything is sent; null when it passes. */
export function validateCustomer(input: CustomerInput): CustomerFormErrors | null {
  const checked = customerInputSchema.safeParse(input);
  if (checked.success) return null;
  return fieldErrorsOf(issuesOfCheck(checked.error.issues));
}
