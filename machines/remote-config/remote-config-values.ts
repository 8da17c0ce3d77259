import {
  type InvitePageConfig,
  invitePageConfigSchema,
  jsonObjectIn,
  type RemoteConfigKey,
  type RemoteConfigText,
  remoteConfigValueSchemas,
} from '../../contracts/remote-config';

/**
 * The parameters as the app uses them (spec §3 "Invite-page config", "Charge config"), read from a
 * source's text over the in-code defaults: a parameter missing, refused by its schema or not JSON
 * keeps its default (spec §8).
 */
export interface RemoteConfigValues {
  /** mgm_page: the invite page's own settings (JSON object). */
  invitePage: Readonly<Record<string, unknown>>;
  /** mgm_page_config: the invite page's texts, the defaults filling what it leaves out. */
  invitePageConfig: InvitePageConfig;
  /** mgm_config: the referral programme's settings (JSON object). */
  referralProgramme: Readonly<Record<string, unknown>>;
  charge: {
    /** charge_with_nu_uri_web: "Cobrar com Nubank". */
    chargeCreationUrl: string;
    /** why_charge_with_nu_uri: "Por que cobrar pelo app do banco?". */
    whyChargeUrl: string;
  };
}

export interface ReadValues {
  values: RemoteConfigValues;
  /** Parameters the source sent that could not be used (they kept their defaults). */
  refused: RemoteConfigKey[];
}

export function readRemoteConfig(text: RemoteConfigText, defaults: RemoteConfigValues): ReadValues {
  const refused: RemoteConfigKey[] = [];
  const accepted = (key: RemoteConfigKey): string | undefined => {
    const value = text[key];
    if (value === undefined) return undefined;
    const parsed = remoteConfigValueSchemas[key].safeParse(value);
    if (parsed.success) return parsed.data;
    refused.push(key);
    return undefined;
  };
  const object = (key: RemoteConfigKey, fallback: Readonly<Record<string, unknown>>) => {
    const value = accepted(key);
    return value === undefined ? fallback : (jsonObjectIn(value) ?? fallback);
  };
  const pageConfig = accepted('mgm_page_config');
  const values: RemoteConfigValues = {
    invitePage: object('mgm_page', defaults.invitePage),
    invitePageConfig:
      pageConfig === undefined
        ? defaults.invitePageConfig
        : { ...defaults.invitePageConfig, ...invitePageConfigSchema.parse(jsonObjectIn(pageConfig)) },
    referralProgramme: object('mgm_config', defaults.referralProgramme),
    charge: {
      chargeCreationUrl: accepted('charge_with_nu_uri_web') ?? defaults.charge.chargeCreationUrl,
      whyChargeUrl: accepted('why_charge_with_nu_uri') ?? defaults.charge.whyChargeUrl,
    },
  };
  return { values, refused };
}
