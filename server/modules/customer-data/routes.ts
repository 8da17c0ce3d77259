import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { customerDataExportDownload, eraseCustomerContract } from '../../../contracts/customer-data';
import { companyOf, requireRole } from '../../auth/api/caller';
import { route } from '../../http/route';
import type { WhatsappSettings } from '../../integrations/whatsapp/whatsapp-settings';
import { customerIdOrNotFound } from '../customers/customer-id';
import { customerRateLimits } from '../customers/rate-limits';
import type { ModuleRoutesOptions } from '../module-routes';
import { tokenSeal } from '../whatsapp-connections/connection-context';
import { eraseCustomer } from './erase-customer';
import { customerDataExport } from './export-customer-data';

export interface CustomerDataRoutesOptions extends ModuleRoutesOptions {
  /** Meta's app or the local Cloud API, for the media files; null when WhatsApp is not set up. */
  settings: WhatsappSettings | null;
}

/**
 * A customer's data (LGPD): the export as one JSON file, and the erase (managers and owners). Both in the
 * caller's company only: another company's customer is a 404, as an unknown one.
 */
export const customerDataRoutes: FastifyPluginAsync<CustomerDataRoutesOptions> = async (
  app,
  { db, config, settings },
) => {
  const preHandler = app.auth.requireSubscriber;
  const mediaAccess = settings ? { graph: settings.graph, tokens: tokenSeal(db, config) } : null;

  route(app, eraseCustomerContract, {
    preHandler,
    handler: async ({ request, params, body }) => ({
      customer: await eraseCustomer(db, companyOf(request), customerIdOrNotFound(params.id), body.confirm),
    }),
  });

  // A file, not the envelope (failures before the first byte still are).
  app.get<{ Params: { id: string } }>(
    customerDataExportDownload.url,
    {
      preHandler: [preHandler, requireRole(customerDataExportDownload.minRole)],
      config: { rateLimit: customerRateLimits.export },
    },
    async (request, reply) => {
      const file = await customerDataExport(
        db,
        mediaAccess,
        companyOf(request),
        customerIdOrNotFound(request.params.id),
      );
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(Readable.from(file.chunks()));
    },
  );
};
