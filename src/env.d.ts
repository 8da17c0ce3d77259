interface ImportMetaEnv {
  /** The build's release name, sent with client error reports when set. */
  readonly VITE_RELEASE?: string;
}
