import * as z from 'zod/mini';

/**
 * Remote configuration (spec §7, §9): the parameters the app reads from Firebase Remote Config, or,
 * without Firebase, from this server's own table (issue 16). Values travel as text, as Firebase
 * keeps them; each parameter's schema says what text it accepts.
 */

export const remoteConfigKeys = [
  'mgm_page',
  'mgm_page_config',
  'mgm_config',
  'charge_with_nu_uri_web',
  'why_charge_with_nu_uri',
] as const;
export type RemoteConfigKey = (typeof remoteConfigKeys)[number];

/** The parameters as text, as a source hands them over; a missing one takes its default. */
export type RemoteConfigText = Partial<Record<RemoteConfigKey, string>>;

export const INVALID_JSON_TEXT = 'Use um JSON válido: um objeto entre { }.';
export const INVALID_INVITE_CONFIG_TEXT =
  'Os textos da página de convite devem ser textos, e current_week_enabled verdadeiro ou falso.';
export const INVALID_LINK_TEXT = 'Use um link https:// ou whatsapp://.';

/** Spec §3 "Invite-page config": every field optional, the defaults fill the rest. */
export const invitePageConfigSchema = z.object({
  badge: z.optional(z.string()),
  title: z.optional(z.string()),
  subtitle: z.optional(z.string()),
  link_field_title: z.optional(z.string()),
  current_week_enabled: z.optional(z.boolean()),
  current_week_counter_title: z.optional(z.string()),
  current_week_counter_subtitle: z.optional(z.string()),
  current_week_rules_link: z.optional(z.string()),
  current_week_rules_title: z.optional(z.string()),
  total_counter_title: z.optional(z.string()),
  total_counter_subtitle: z.optional(z.string()),
  share_link_button_title: z.optional(z.string()),
});
export type InvitePageConfig = z.infer<typeof invitePageConfigSchema>;

/** The JSON object a text holds, or undefined when it holds none. */
export function jsonObjectIn(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** An https address with a host, or a whatsapp: link (the app opens it in a new tab). */
export function isRemoteLink(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' && url.hostname !== '') || url.protocol === 'whatsapp:';
  } catch {
    return false;
  }
}

const MAX_VALUE_LENGTH = 10_000;

const jsonObjectText = z.string().check(
  z.maxLength(MAX_VALUE_LENGTH, { error: INVALID_JSON_TEXT }),
  z.refine((text) => jsonObjectIn(text) !== undefined, { error: INVALID_JSON_TEXT }),
);

const invitePageConfigText = jsonObjectText.check(
  z.refine((text) => invitePageConfigSchema.safeParse(jsonObjectIn(text)).success, {
    error: INVALID_INVITE_CONFIG_TEXT,
  }),
);

const linkText = z
  .string()
  .check(
    z.trim(),
    z.maxLength(2000, { error: INVALID_LINK_TEXT }),
    z.refine(isRemoteLink, { error: INVALID_LINK_TEXT }),
  );

/** What each parameter's text must be (the dev edit route refuses anything else; the client falls back). */
export const remoteConfigValueSchemas = {
  mgm_page: jsonObjectText,
  mgm_page_config: invitePageConfigText,
  mgm_config: jsonObjectText,
  charge_with_nu_uri_web: linkText,
  why_charge_with_nu_uri: linkText,
} as const satisfies Record<RemoteConfigKey, z.ZodMiniType<string>>;

export const remoteConfigTextSchema = z.object({
  mgm_page: z.optional(z.string()),
  mgm_page_config: z.optional(z.string()),
  mgm_config: z.optional(z.string()),
  charge_with_nu_uri_web: z.optional(z.string()),
  why_charge_with_nu_uri: z.optional(z.string()),
});

/**
 * GET /api/remote-config: the parameters this server's configuration sets (any signed-in user; the
 * same for every company, as Firebase's would be). A parameter not set is left out.
 */
export const getRemoteConfigContract = {
  method: 'GET',
  url: '/api/remote-config',
  response: z.object({ parameters: remoteConfigTextSchema }),
} as const;

/** One parameter and its new text; null takes it back to the app's default. */
const parameterEdit = <K extends RemoteConfigKey>(key: K) =>
  z.strictObject({ key: z.literal(key), value: z.nullable(remoteConfigValueSchemas[key]) });

/**
 * PUT /dev/remote-config (development and e2e only, with the dev pages): sets one parameter, so the
 * embedded default changes without a deploy. Answers every parameter set afterwards.
 */
export const putRemoteConfigContract = {
  method: 'PUT',
  url: '/dev/remote-config',
  body: z.discriminatedUnion('key', [
    parameterEdit('mgm_page'),
    parameterEdit('mgm_page_config'),
    parameterEdit('mgm_config'),
    parameterEdit('charge_with_nu_uri_web'),
    parameterEdit('why_charge_with_nu_uri'),
  ]),
  response: z.object({ parameters: remoteConfigTextSchema }),
} as const;
