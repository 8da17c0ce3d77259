import type { Server } from 'node:http';
import type { Config } from '../../config';
import { joiningCommands } from '../../db/command-transaction';
import type { Db } from '../../db/types';
import { resolveWhatsappSettings } from '../../integrations/whatsapp/whatsapp-settings';
import { tokenSeal } from '../whatsapp-connections/connection-context';
import { createDispatcher, type Dispatcher } from './dispatcher';

/**
 * The dispatcher the job worker sends follow-ups with: the same Graph API (Meta's or the local Cloud
 * API) the app connects to; null when this server has no WhatsApp (no Meta app, no dev pages).
 */
export function serverDispatcher(config: Config, db: Db, server: Server): Dispatcher | null {
  const settings = resolveWhatsappSettings(config, db, server);
  return settings
    ? createDispatcher({ db, graph: settings.graph, tokens: tokenSeal(joiningCommands(db), config) })
    : null;
}
