import { useRemoteConfig } from '../../lib/remote-config/useRemoteConfig';

/**
 * The task detail's charge card links (spec §1, §3 "Charge config", §9): from remote configuration
 * (charge_with_nu_uri_web, why_charge_with_nu_uri), the in-code defaults until it answers or when it
 * fails.
 */
export function useChargeLinks(): { chargeCreationUrl: string; whyChargeUrl: string } {
  return useRemoteConfig().charge;
}
