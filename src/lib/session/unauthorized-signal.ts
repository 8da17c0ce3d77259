type Listener = () => void;

const listeners = new Set<Listener>();

/**
 * A call was refused with 401 (signed out) or 402 (subscription ended). The API client reports it
 * here; the session listens and checks again.
 * Kept apart from both so neither imports the other.
 */
export function reportUnauthorized(): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch (error) {
      // The refused call already has its answer; a failing listener must not change it.
      console.warn('[session] a 401 listener failed', error);
    }
  }
}

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
