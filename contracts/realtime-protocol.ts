/**
 * The realtime socket's protocol constants, apart from the event schemas so the browser's socket
 * client can use them without carrying the schemas (contracts/realtime.ts re-exports them).
 */

/** Close codes the client acts on. 4401: sign in again, do not retry as is. */
export const realtimeCloseCodes = {
  unauthenticated: 4401,
  /** The server is restarting or shutting down; reconnect. */
  goingAway: 1001,
  /** The client could not keep up with its events; reconnect and refetch. */
  tooSlow: 4408,
} as const;

export const realtimeCloseReasons = {
  unauthenticated: 'Sessão expirada ou inválida. Entre novamente.',
  goingAway: 'Servidor reiniciando. Reconectando em instantes.',
  tooSlow: 'Conexão lenta demais para as atualizações. Reconectando.',
  companySwitched: 'Empresa trocada. Reconectando.',
} as const;

/**
 * Browsers cannot set headers on a WebSocket, so the access token travels as a second subprotocol:
 * `new WebSocket(url, [realtimeProtocol, accessToken])`. The server selects `realtimeProtocol`, never
 * echoing the token.
 */
export const realtimeProtocol = 'fechai.v1';
