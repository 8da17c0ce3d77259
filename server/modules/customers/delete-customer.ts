import { realtimeEvent } from '../../../contracts/realtime';
import type { Db } from '../../db/types';
import { publishEvent } from '../../realtime/event-bus';
import { customerNotFound } from './customer-id';

/**
 * DELETE /api/customers/:id: their tasks and follow-up messages go with them (a queued send finds no
 * message and does nothing); their deals stay, without a customer (the foreign key sets it null).
 */
export async function deleteCustomer(db: Db, companyId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      'SELECT 1 FROM customers WHERE company_id = $1 AND id = $2 FOR UPDATE',
      [companyId, id],
    );
    if (rowCount === 0) throw customerNotFound();
    await tx.query('DELETE FROM tasks WHERE company_id = $1 AND customer_id = $2', [companyId, id]);
    await tx.query('DELETE FROM customers WHERE company_id = $1 AND id = $2', [companyId, id]);
    await publishEvent(
      tx,
      companyId,
      realtimeEvent('customer.changed', { customerId: id, change: 'deleted' }),
    );
  });
}
