import WebSocket from 'ws';
import { type RealtimeServerMessage, realtimeProtocol } from '../../contracts/realtime';
import { waitFor } from './db';

/** What one signed-in tab hears on /api/realtime, as it arrives. */
export interface LiveEvents {
  messages: RealtimeServerMessage[];
  /** The events heard so far of one type (the `ready` handshake left out). */
  of<T extends RealtimeServerMessage['type']>(type: T): Extract<RealtimeServerMessage, { type: T }>[];
  close(): void;
}

/** Opens the realtime socket as the web app does and resolves once the server says it is subscribed. */
export async function openLiveEvents(serverUrl: string, accessToken: string): Promise<LiveEvents> {
  const socket = new WebSocket(`${serverUrl.replace('http', 'ws')}/api/realtime`, [
    realtimeProtocol,
    accessToken,
  ]);
  const messages: RealtimeServerMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
  socket.on('error', () => {});
  await waitFor(() => messages.some((message) => message.type === 'ready'), {
    what: 'the socket to be ready',
  });
  return {
    messages,
    of: <T extends RealtimeServerMessage['type']>(type: T) =>
      messages.filter(
        (message): message is Extract<RealtimeServerMessage, { type: T }> => message.type === type,
      ),
    close: () => socket.close(),
  };
}
