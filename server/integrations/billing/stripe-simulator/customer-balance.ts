import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../../../db/types';
import type { DecodedForm } from '../stripe-form';
import { stripeId } from './ids';
import { metadataOf } from './metadata';
import type { SimCustomerBalanceTransaction, SimInvoice } from './objects';
import { nowSeconds } from './periods';
import { SimulatorRequestError } from './simulator-request-error';
import { findObject, insertObject, saveObject } from './store';

/**
 * POST /v1/customers/:id/balance_transactions, as Stripe answers it: an integer amount (negative:
 * credit) in the customer's currency moves its balance. With an Idempotency-Key, a repeat with the same
 * parameters answers the first transaction again and changes nothing; other parameters are refused.
 */
export async function createBalanceTransaction(
  db: Db,
  customerId: string,
  form: DecodedForm,
  idempotencyKey: string | undefined,
): Promise<SimCustomerBalanceTransaction> {
  const amountText = typeof form.amount === 'string' ? form.amount : '';
  if (amountText === '') {
    throw new SimulatorRequestError(
      400,
      'invalid_request_error',
      'Missing required param: amount.',
      'amount',
      'parameter_missing',
    );
  }
  if (!/^-?\d+$/.test(amountText)) {
    throw new SimulatorRequestError(400, 'invalid_request_error', 'Invalid integer: amount.', 'amount');
  }
  const currency = typeof form.currency === 'string' ? form.currency.toLowerCase() : '';
  if (!/^[a-z]{3}$/.test(currency)) {
    throw new SimulatorRequestError(
      400,
      'invalid_request_error',
      'Missing required param: currency.',
      'currency',
      'parameter_missing',
    );
  }
  const description =
    typeof form.description === 'string' && form.description !== '' ? form.description : null;
  const metadata = metadataOf(form.metadata, 'metadata');
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([customerId, amountText, currency, description, metadata]))
    .digest('hex');

  return db.transaction(async (tx) => {
    if (idempotencyKey) {
      // One request per key at a time, as Stripe does: the second waits and replays the first.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('stripe-idempotency:' || $1, 0))`, [
        idempotencyKey,
      ]);
      const { rows } = await tx.query<{
        data: SimCustomerBalanceTransaction;
        internal: { fingerprint?: string };
      }>(
        `SELECT data, internal FROM dev_stripe_objects
          WHERE object = 'customer_balance_transaction' AND internal->>'idempotencyKey' = $1`,
        [idempotencyKey],
      );
      const earlier = rows[0];
      if (earlier) {
        if (earlier.internal.fingerprint !== fingerprint) {
          throw new SimulatorRequestError(
            400,
            'invalid_request_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          );
        }
        return earlier.data;
      }
    }
    const found = await findObject(tx, 'customer', customerId, { lock: true });
    if (!found) {
      throw new SimulatorRequestError(
        404,
        'invalid_request_error',
        `No such customer: '${customerId}'`,
        'customer',
        'resource_missing',
      );
    }
    const customer = found.object;
    customer.balance = (customer.balance ?? 0) + Number(amountText);
    await saveObject(tx, customer);
    const transaction: SimCustomerBalanceTransaction = {
      id: stripeId('cbtxn'),
      object: 'customer_balance_transaction',
      amount: Number(amountText),
      created: nowSeconds(),
      credit_note: null,
      currency,
      customer: customerId,
      description,
      ending_balance: customer.balance,
      invoice: null,
      metadata,
      type: 'adjustment',
      livemode: false,
    };
    await insertObject(tx, transaction, idempotencyKey ? { idempotencyKey, fingerprint } : {});
    return transaction;
  });
}

/**
 * A new invoice uses the customer's balance first, as Stripe's do: a credit lowers what is due (to
 * zero at most, the rest stays for the next one); a debit adds to it. Changes `invoice` before it is
 * stored, and records the use as an `applied_to_invoice` transaction.
 */
export async function applyCustomerBalance(tx: Queryable, invoice: SimInvoice): Promise<void> {
  const found = await findObject(tx, 'customer', invoice.customer, { lock: true });
  if (!found) return;
  const customer = found.object;
  const balance = customer.balance ?? 0;
  if (balance === 0) return;
  const used = balance < 0 ? Math.max(balance, -invoice.total) : balance;
  const paid = invoice.status === 'paid';
  invoice.starting_balance = balance;
  invoice.amount_due = invoice.total + used;
  invoice.amount_paid = paid ? invoice.amount_due : 0;
  invoice.amount_remaining = paid ? 0 : invoice.amount_due;
  customer.balance = balance - used;
  invoice.ending_balance = customer.balance;
  await saveObject(tx, customer);
  const transaction: SimCustomerBalanceTransaction = {
    id: stripeId('cbtxn'),
    object: 'customer_balance_transaction',
    amount: -used,
    created: invoice.created,
    credit_note: null,
    currency: invoice.currency,
    customer: customer.id,
    description: null,
    ending_balance: customer.balance,
    invoice: invoice.id,
    metadata: {},
    type: 'applied_to_invoice',
    livemode: false,
  };
  await insertObject(tx, transaction);
}
