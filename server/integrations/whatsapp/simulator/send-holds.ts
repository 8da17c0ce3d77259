/**
 * Meta being slow (POST /dev/whatsapp/api/hold-sends): while a number is held, the answers to its
 * sends wait until the tester releases it, then each goes on as it would have (a fault queued
 * meanwhile applies). Held requests live in this process only: the control is dev tooling.
 */
export class SendHolds {
  private readonly held = new Map<string, Array<() => void>>();

  /** Holds the number's sends from now on (those already held stay held). */
  hold(phoneNumberId: string): void {
    if (!this.held.has(phoneNumberId)) this.held.set(phoneNumberId, []);
  }

  /** Lets every held send of the number go on, and the next ones through at once; how many were held. */
  release(phoneNumberId: string): number {
    const waiting = this.held.get(phoneNumberId) ?? [];
    this.held.delete(phoneNumberId);
    for (const go of waiting) go();
    return waiting.length;
  }

  /** How many of the number's sends wait now. */
  waiting(phoneNumberId: string): number {
    return this.held.get(phoneNumberId)?.length ?? 0;
  }

  /** Resolves at once, or when the number's hold is released. */
  pass(phoneNumberId: string): Promise<void> {
    const waiting = this.held.get(phoneNumberId);
    if (!waiting) return Promise.resolve();
    return new Promise((resolve) => waiting.push(resolve));
  }

  /** Everything held goes on (the server is closing). */
  releaseAll(): void {
    for (const phoneNumberId of [...this.held.keys()]) this.release(phoneNumberId);
  }
}
