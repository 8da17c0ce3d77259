import { vi } from 'vitest';
import type { RealtimeServerMessage } from '../../../contracts/realtime';

/**
 * The realtime server's side of GET /api/realtime for view tests: the app's WebSocket replaced by
 * one the test speaks for, frame by frame, as the server does (ready, events, pongs, close codes).
 */
export class ScriptedSocket {
  static readonly opened: ScriptedSocket[] = [];
  readyState = 0;
  readonly sent: unknown[] = [];
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    ScriptedSocket.opened.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    this.readyState = 3;
  }

  /** The server sends `message` (the socket opens with the first). */
  push(message: RealtimeServerMessage): void {
    this.readyState = 1;
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  /** The server closes the socket with `code`. */
  drop(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

/** Installs the scripted socket for this test (web-setup removes WebSocket before each test). */
export function installScriptedSocket(): typeof ScriptedSocket {
  ScriptedSocket.opened.length = 0;
  vi.stubGlobal('WebSocket', ScriptedSocket);
  return ScriptedSocket;
}
