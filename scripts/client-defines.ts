/**
 * The client's build-time constants (declared in src/env.d.ts, read in src/app/build-config.ts),
 * from the environment at build time. Empty values count as unset, as for the server.
 */
export const clientDefaults = {
  AUTH_URL: '',
  APP_STORE_URL: 'https://apps.apple.com/br/search?term=Fecha%C3%AD',
  PLAY_STORE_URL: 'https://play.google.com/store/search?q=Fecha%C3%AD&c=apps',
} as const;

type ClientConfig = Record<keyof typeof clientDefaults, string>;

export function clientDefines(env: Record<string, string | undefined> = process.env) {
  const value = (name: keyof ClientConfig) => env[name]?.trim() || clientDefaults[name];
  return {
    __AUTH_URL__: JSON.stringify(value('AUTH_URL')),
    __APP_STORE_URL__: JSON.stringify(value('APP_STORE_URL')),
    __PLAY_STORE_URL__: JSON.stringify(value('PLAY_STORE_URL')),
  };
}
