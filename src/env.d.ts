interface ImportMetaEnv {
  /** The build's release name, sent with client error reports when set. */
  readonly VITE_RELEASE?: string;
}

/** Build-time config (vite.config.ts `define`), read through src/lib/build-config.ts only. */
declare const __AUTH_URL__: string;
declare const __APP_STORE_URL__: string;
declare const __PLAY_STORE_URL__: string;
