import type { output } from 'zod/v4/core';
import { customerPhoneKey, normalizeCustomerPhone } from '../../../contracts/brazil/customer-phone';
import type { CustomerSource, customerInputSchema } from '../../../contracts/customers';
import { uniqueTags } from './customer-tags';

export type CustomerBody = output<typeof customerInputSchema>;

/** A customer's editable fields as stored. */
export interface CustomerFields {
  name: string;
  phone: string | null;
  email: string | null;
  notes: string | null;
  tags: string[];
  source: CustomerSource | null;
}

const orNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * What "Novo cliente" / edit sent, as stored: the phone normalised (the contract already refused one
 * that is not a phone), empty texts as null, tags unique regardless of case. Absent fields are
 * cleared: an edit replaces the editable fields.
 */
export function customerFields(body: CustomerBody): CustomerFields {
  const phone = orNull(body.phone);
  return {
    name: body.name,
    phone: phone === null ? null : normalizeCustomerPhone(phone),
    email: orNull(body.email),
    notes: orNull(body.notes),
    tags: uniqueTags(body.tags ?? []),
    source: body.source ?? null,
  };
}

export function phoneKeyOf(fields: Pick<CustomerFields, 'phone'>): string | null {
  return fields.phone === null ? null : customerPhoneKey(fields.phone);
}
