import type { Customer } from '../../../contracts/customers';
import { realtimeEvent } from '../../../contracts/realtime';
import type { Db, Queryable } from '../../db/types';
import { withUniqueConflict } from '../../db/unique-violation';
import { publishEvent } from '../../realtime/event-bus';
import { customerNotFound } from './customer-id';
import { type CustomerBody, type CustomerFields, customerFields, phoneKeyOf } from './customer-input';
import { type CustomerRow, customerColumns, toCustomer } from './customer-row';
import { customerWithPhone, duplicatePhone, PHONE_KEY_INDEX } from './duplicate-phone';

/**
 * POST /api/customers: a new customer of the company (409 when the phone is someone else's),
 * announced to the company's open tabs at commit.
 */
export function createCustomer(db: Db, companyId: string, body: CustomerBody): Promise<Customer> {
  const fields = customerFields(body);
  return savingPhone(db, companyId, fields, null, async (tx) => {
    const { rows } = await tx.query<CustomerRow>(
      `INSERT INTO customers (company_id, name, phone, email, notes, tags, source)
       VALUES ($1, $2, $3, $4, $5, $6::text[], $7)
       RETURNING ${customerColumns()}`,
      [companyId, ...fieldValues(fields)],
    );
    const customer = toCustomer(rows[0]!);
    await publishEvent(tx, companyId, realtimeEvent('customer.created', { customerId: customer.id }));
    return customer;
  });
}

/** PUT /api/customers/:id: replaces the editable fields (404 for another company's id), announced at commit. */
export function updateCustomer(db: Db, companyId: string, id: string, body: CustomerBody): Promise<Customer> {
  const fields = customerFields(body);
  return savingPhone(db, companyId, fields, id, async (tx) => {
    const { rows } = await tx.query<CustomerRow>(
      `UPDATE customers
          SET name = $3, phone = $4, email = $5, notes = $6, tags = $7::text[], source = $8
        WHERE company_id = $1 AND id = $2
        RETURNING ${customerColumns()}`,
      [companyId, id, ...fieldValues(fields)],
    );
    await publishEvent(
      tx,
      companyId,
      realtimeEvent('customer.changed', { customerId: id, change: 'updated' }),
    );
    return toCustomer(rows[0]!);
  });
}

const fieldValues = (f: CustomerFields) => [f.name, f.phone, f.email, f.notes, f.tags, f.source];

/**
 * One transaction: the customer being edited must be the company's, the phone nobody else's; then
 * `write`. Two saves of one number at once both pass the check, and the unique index refuses the
 * second: that is the same 409.
 */
async function savingPhone(
  db: Db,
  companyId: string,
  fields: CustomerFields,
  editingId: string | null,
  write: (tx: Queryable) => Promise<Customer>,
): Promise<Customer> {
  const phoneKey = phoneKeyOf(fields);
  const lostTheRace = async () => {
    const winner = phoneKey === null ? null : await customerWithPhone(db, companyId, phoneKey, editingId);
    return duplicatePhone(winner?.name ?? 'outro cliente');
  };
  return withUniqueConflict(PHONE_KEY_INDEX, lostTheRace, () =>
    db.transaction(async (tx) => {
      if (editingId !== null) {
        const { rowCount } = await tx.query(
          'SELECT 1 FROM customers WHERE company_id = $1 AND id = $2 FOR UPDATE',
          [companyId, editingId],
        );
        if (rowCount === 0) throw customerNotFound();
      }
      if (phoneKey !== null) {
        const existing = await customerWithPhone(tx, companyId, phoneKey, editingId);
        if (existing) throw duplicatePhone(existing.name);
      }
      return write(tx);
    }),
  );
}
