import type { FastifyPluginAsync } from 'fastify';
import { formField, registerFormParser } from '../../auth/hosted/form-body';
import type { Db } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { renderWatcherFlagPage, type WatcherFlagRow } from './dev-page';

/**
 * /dev/ai-watcher (dev pages only): the companies and their conversation watcher flag, to turn it on
 * for a local company (the demo seed turns it on for the demo company).
 */
export const devWatcherFlagRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  registerFormParser(app);

  app.get('/dev/ai-watcher', async (_request, reply) => {
    const { rows } = await db.query<WatcherFlagRow>(
      'SELECT id, name, sentinel_watcher_enabled AS enabled FROM companies ORDER BY created_at DESC LIMIT 100',
    );
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderWatcherFlagPage(rows));
  });

  app.post('/dev/ai-watcher', async (request, reply) => {
    const companyId = formField(request, 'companyId');
    if (!isUuid(companyId))
      return reply.code(400).type('text/plain; charset=utf-8').send('Empresa inválida.');
    await db.query('UPDATE companies SET sentinel_watcher_enabled = $2 WHERE id = $1', [
      companyId,
      formField(request, 'enabled') === '1',
    ]);
    return reply.redirect('/dev/ai-watcher', 303);
  });
};
