import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { CommandDb } from '../../db/command-transaction';
import { loadTokenKey, openToken, sealToken } from '../../integrations/whatsapp/token-cipher';
import type { WhatsappSettings } from '../../integrations/whatsapp/whatsapp-settings';
import { memo } from '../../lib/load-once';
import type { RealtimePublisher } from './connection-changes';

/** What the connection commands work with. */
export interface ConnectionContext {
  db: CommandDb;
  bus: RealtimePublisher;
  settings: WhatsappSettings;
  tokens: TokenSeal;
  log: FastifyBaseLogger;
  /** FOLLOW_UP_EXPIRY_HOURS: follow-ups that waited longer than this for a connection expire on connect. */
  followUpExpiryHours: number;
}

/** Seals and opens a company's secrets (business token, register PIN) with the token key. */
export interface TokenSeal {
  seal(plain: string, companyId: string): Promise<string>;
  open(sealed: string, companyId: string): Promise<string>;
}

export function tokenSeal(db: CommandDb, config: Config): TokenSeal {
  const key = memo(() => loadTokenKey(db, config.whatsapp.tokenKey));
  const context = (companyId: string) => `whatsapp:${companyId}`;
  return {
    seal: async (plain, companyId) => sealToken(await key(), plain, context(companyId)),
    open: async (sealed, companyId) => openToken(await key(), sealed, context(companyId)),
  };
}
