/** Loads once; a failure (database down) is not remembered, so the next call tries again. */
export function memo<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((err) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}
