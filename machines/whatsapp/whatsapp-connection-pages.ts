import type { WhatsappConnectionStatus } from '../../contracts/whatsapp-status';
import { appPaths } from '../app-paths';

/**
 * The pages of /settings/whatsapp-business-connection the connection chart shows (the blocklist is a
 * page of its own), their addresses and spec §2 titles, and which page a status leads to (the home
 * card and the follow-ups link there).
 */
export const connectionPages = {
  index: { path: appPaths.whatsapp, title: 'Conexão WhatsApp' },
  select: { path: appPaths.whatsappSelectConnection, title: 'Selecione sua conexão' },
  connectWhatsapp: { path: appPaths.whatsappConnect, title: 'Conexão WhatsApp' },
  connectBusiness: { path: appPaths.whatsappConnectBusiness, title: 'Conectar WhatsApp Business' },
  headsUp: { path: appPaths.whatsappConnectHeadsUp, title: 'Informações importantes' },
  success: { path: appPaths.whatsappConnectSuccess, title: 'WhatsApp Conectado' },
  notReady: { path: appPaths.whatsappConnectNotReady, title: 'Erro na Conexão' },
  error: { path: appPaths.whatsappConnectError, title: 'Erro na Conexão' },
  disconnect: { path: appPaths.whatsappDisconnect, title: 'Desconectar WhatsApp Business' },
  feedback: { path: appPaths.whatsappDisconnectFeedback, title: 'Feedback de Desconexão' },
  howToReconnect: { path: appPaths.whatsappHowToReconnect, title: 'Como Reconectar' },
} as const;

export type ConnectionPage = keyof typeof connectionPages;

/** The connection page an address is (a trailing slash allowed), or null for another address. */
export function connectionPageOf(path: string): ConnectionPage | null {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  for (const [page, { path: address }] of Object.entries(connectionPages)) {
    if (address === trimmed) return page as ConnectionPage;
  }
  return null;
}

/**
 * Where someone outside the section goes for a status: the overview, except where something is to
 * be done (the problem's page, how to reconnect).
 */
export function pageForStatus(status: WhatsappConnectionStatus): string {
  switch (status) {
    case 'not_ready':
      return connectionPages.notReady.path;
    case 'error':
      return connectionPages.error.path;
    case 'offboarded':
    case 'needs_reconnect':
      return connectionPages.howToReconnect.path;
    default:
      return connectionPages.index.path;
  }
}
