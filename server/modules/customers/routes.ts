import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import {
  createCustomerContract,
  deleteCustomerContract,
  exportCustomersDownload,
  findImportContract,
  getCustomerContract,
  importCustomersContract,
  listCustomersContract,
  updateCustomerContract,
} from '../../../contracts/customers';
import { companyOf, requireRole } from '../../auth/api/caller';
import { idempotencyKeys } from '../../http/idempotency';
import { route } from '../../http/route';
import type { CachedReadRoutesOptions } from '../module-routes';
import { customerDetail } from './customer-detail';
import { customerIdOrNotFound } from './customer-id';
import { deleteCustomer } from './delete-customer';
import { customersCsv } from './export-customers';
import { findImport } from './find-import';
import { importCustomerBatch } from './import-customers';
import { listCustomers } from './list-customers';
import { customerRateLimits } from './rate-limits';
import { createCustomer, updateCustomer } from './save-customer';

/**
 * Clientes (spec §2 /customers, §7): list and search, detail with tasks and deals, create, edit,
 * delete, import in batches and CSV export (a manager's). Every route needs a current subscription and works in the
 * caller's company only: another company's customer is a 404, as an unknown one.
 */
export const customerRoutes: FastifyPluginAsync<CachedReadRoutesOptions> = async (app, { db, reads }) => {
  const preHandler = app.auth.requireSubscriber;
  const idempotency = idempotencyKeys(db);

  // Kept per company, search, cursor and page size for a few seconds, dropped on any change to the
  // company's customers (company-read-cache.ts): a dense search reads every match to sort them.
  route(app, listCustomersContract, {
    preHandler,
    handler({ request, query }) {
      const { companyId } = companyOf(request);
      const key = [
        'customers',
        query.search ?? null,
        query.cursor ?? null,
        query.page ?? 1,
        query.limit,
      ] as const;
      return reads.read(companyId, key, () => listCustomers(db, companyId, query));
    },
  });

  route(app, getCustomerContract, {
    preHandler,
    handler: ({ request, params }) =>
      customerDetail(db, companyOf(request).companyId, customerIdOrNotFound(params.id)),
  });

  route(app, createCustomerContract, {
    preHandler,
    idempotency,
    status: 201,
    handler: async ({ request, body }) => ({
      customer: await createCustomer(db, companyOf(request).companyId, body),
    }),
  });

  route(app, updateCustomerContract, {
    preHandler,
    handler: async ({ request, params, body }) => ({
      customer: await updateCustomer(db, companyOf(request).companyId, customerIdOrNotFound(params.id), body),
    }),
  });

  route(app, deleteCustomerContract, {
    preHandler,
    async handler({ request, params }) {
      await deleteCustomer(db, companyOf(request).companyId, customerIdOrNotFound(params.id));
      return { deleted: true as const };
    },
  });

  route(app, importCustomersContract, {
    preHandler,
    idempotency,
    config: { rateLimit: customerRateLimits.import },
    handler: ({ request, body }) => importCustomerBatch(db, companyOf(request).companyId, body),
  });

  route(app, findImportContract, {
    preHandler,
    handler: async ({ request, query }) => ({
      import: await findImport(db, companyOf(request).companyId, query.fileHash),
    }),
  });

  // A file, not the envelope (failures before the first byte still are).
  app.get(
    exportCustomersDownload.url,
    {
      preHandler: [preHandler, requireRole(exportCustomersDownload.minRole)],
      config: { rateLimit: customerRateLimits.export },
    },
    async (request, reply) => {
      const csv = await customersCsv(db, companyOf(request).companyId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .send(Readable.from(csv.chunks()));
    },
  );
};
