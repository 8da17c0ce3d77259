import type { AnalyticsCommand } from '../../../../contracts/analytics';

/** One provider as the analytics client drives it. `deliver` may throw: the client logs it. */
export interface AnalyticsAdapter {
  /** Downloads the provider's script or SDK and starts it; rejects when it cannot. */
  load(): Promise<void>;
  deliver(command: AnalyticsCommand): void;
}
