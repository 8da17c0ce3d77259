import type { Customer, CustomerSource } from '../../../contracts/customers';
import type { Timestamp } from '../../db/timestamp';

/** The columns a Customer is read from, for SELECT and RETURNING (optionally of a table alias). */
export function customerColumns(alias = ''): string {
  const p = alias ? `${alias}.` : '';
  return [
    'id',
    'name',
    'phone',
    'email',
    'notes',
    'tags',
    'source',
    'created_at',
    'updated_at',
    'last_contact_at',
  ]
    .map((column) => `${p}${column}`)
    .join(', ');
}

export interface CustomerRow extends Record<string, unknown> {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  notes: string | null;
  tags: string[];
  source: CustomerSource | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_contact_at: Timestamp | null;
}

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    notes: row.notes,
    tags: row.tags ?? [],
    source: row.source,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastContactAt: row.last_contact_at,
  };
}
