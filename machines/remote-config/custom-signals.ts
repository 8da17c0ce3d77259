/**
 * Custom signals (Firebase Remote Config's targeting conditions): at most 100 per app instance
 * (spec §5, §9). Setting one to null removes it, as in Firebase.
 */
export const MAX_CUSTOM_SIGNALS = 100;

export type CustomSignals = Readonly<Record<string, string | number | null>>;
export type StoredSignals = Readonly<Record<string, string | number>>;

export type SignalsMerge =
  | { ok: true; signals: StoredSignals }
  | { ok: false; signals: StoredSignals; refused: string[]; message: string };

/** `current` with `added` applied; refused as a whole (nothing changes) when it would pass the limit. */
export function mergeCustomSignals(current: StoredSignals, added: CustomSignals): SignalsMerge {
  const merged: Record<string, string | number> = { ...current };
  for (const [key, value] of Object.entries(added)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  const keys = Object.keys(merged);
  if (keys.length <= MAX_CUSTOM_SIGNALS) return { ok: true, signals: merged };
  const refused = keys.filter((key) => !(key in current)).slice(-(keys.length - MAX_CUSTOM_SIGNALS));
  return {
    ok: false,
    signals: current,
    refused,
    message: `Remote config: at most ${MAX_CUSTOM_SIGNALS} custom signals; ${keys.length} asked for, so none of ${refused
      .map((key) => `"${key}"`)
      .join(', ')} was set.`,
  };
}
