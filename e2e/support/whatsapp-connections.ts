import type { Page } from 'playwright-core';
import { connectWhatsappContract, disconnectWhatsappContract } from '../../contracts/whatsapp-connection';
import {
  getWhatsappStatusContract,
  type WhatsappConnectionMode,
  type WhatsappConnectionState,
} from '../../contracts/whatsapp-status';
import { completeSignup, connectBody } from '../../tests/support/whatsapp-signup';
import type { ApiCall } from './owner-api';
import { pollUntil } from './poll';

/**
 * A company's WhatsApp connection put in a given state on the running server for real: connected
 * through the local Cloud API's Embedded Signup page (its form posted as the owner would in another
 * tab, the code it hands back sent to POST /api/whatsapp-connections), let go by Meta through the
 * simulator's `ACCOUNT_OFFBOARDED` webhook, or disconnected with DELETE. playwright-core only.
 */

/** How long the webhook job may take to mark a connection offboarded. */
const WEBHOOK_TIMEOUT_MS = 15_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server lets a company connect, disconnect and send feedback 10 times a minute each
 * (server/modules/whatsapp-connections/routes.ts). A run replays many paths on one company, so
 * every such call that reaches the server, the app's and the set-up's, takes a turn here first,
 * waiting when the last minute is full: the app's call then gets the server's real answer, not a 429.
 */
export class CallBudget {
  private readonly made: number[] = [];

  constructor(
    private readonly max = 10,
    private readonly windowMs = 61_000,
  ) {}

  async take(): Promise<void> {
    for (;;) {
      const now = Date.now();
      while (this.made.length > 0 && this.made[0]! <= now - this.windowMs) this.made.shift();
      if (this.made.length < this.max) break;
      await pause(this.made[0]! + this.windowMs - now);
    }
    this.made.push(Date.now());
  }
}

/** One company's budgets, by the calls the server counts. */
export interface ConnectionBudgets {
  connect: CallBudget;
  disconnect: CallBudget;
  feedback: CallBudget;
}

export function connectionBudgets(): ConnectionBudgets {
  return { connect: new CallBudget(), disconnect: new CallBudget(), feedback: new CallBudget() };
}

export interface SimulatedConnection {
  phoneNumberId: string;
  wabaId: string;
}

export class RealWhatsappConnections {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
    private readonly api: ApiCall,
    readonly budgets: ConnectionBudgets = connectionBudgets(),
  ) {}

  status(): Promise<WhatsappConnectionState> {
    return this.api<WhatsappConnectionState>('GET', getWhatsappStatusContract.url);
  }

  /** Nothing connected: a live connection (of any status) is disconnected for real. */
  async disconnect(): Promise<void> {
    if ((await this.status()).status === 'disconnected') return;
    await this.budgets.disconnect.take();
    await this.api('DELETE', disconnectWhatsappContract.url);
  }

  /**
   * Finishes the simulator's signup page (a new number named and numbered as `status` says, or
   * the number `existing`), then connects it as the app does with the popup's code and ids.
   */
  async connect(
    status: Pick<WhatsappConnectionState, 'displayName' | 'phoneNumber'>,
    mode: WhatsappConnectionMode,
    existing: string | null = null,
  ): Promise<SimulatedConnection> {
    const signup = await completeSignup(this.baseURL, {
      mode,
      businessName: status.displayName ?? 'Doces da Ana',
      phone: status.phoneNumber ?? '5511987654321',
      existing: existing ?? '',
    });
    const { phone_number_id: phoneNumberId, waba_id: wabaId } = signup.data;
    if (!signup.code || !phoneNumberId || !wabaId) throw new Error('the signup page gave no code or ids');
    await this.budgets.connect.take();
    const connected = await this.api<WhatsappConnectionState>(
      'POST',
      connectWhatsappContract.url,
      connectBody(signup, mode),
    );
    if (connected.status !== 'connected') throw new Error(`connecting answered ${connected.status}`);
    return { phoneNumberId, wabaId };
  }

  /** Meta lets the number go: the simulator's ACCOUNT_OFFBOARDED webhook, once the app has processed it. */
  async offboard(connection: SimulatedConnection): Promise<void> {
    const response = await this.page.request.post(
      new URL('/dev/whatsapp/api/offboard', this.baseURL).toString(),
      {
        data: { phoneNumberId: connection.phoneNumberId },
      },
    );
    if (!response.ok()) throw new Error(`the simulator's offboard answered ${response.status()}`);
    await pollUntil(
      'the ACCOUNT_OFFBOARDED webhook processed',
      () => this.status(),
      (state) => state.status === 'offboarded',
      WEBHOOK_TIMEOUT_MS,
    );
  }

  /**
   * Puts the company in `status` for real; false when the server cannot reach it on demand (being
   * set up, failed: the server ends a connect connected, not ready or in error, never "connecting",
   * and its errors come from Meta refusing the code, which the simulator does only after 30 s).
   */
  async arrange(status: WhatsappConnectionState): Promise<boolean> {
    switch (status.status) {
      case 'disconnected':
        await this.disconnect();
        return true;
      case 'connected':
        await this.disconnect();
        await this.connect(status, status.mode ?? 'cloud_api');
        return true;
      case 'offboarded': {
        await this.disconnect();
        await this.offboard(await this.connect(status, status.mode ?? 'cloud_api'));
        return true;
      }
      default:
        return false;
    }
  }
}
