import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type PageModule = { default: ComponentType };

export type LazyPage = {
  Component: LazyExoticComponent<ComponentType>;
  /** Downloads the page's chunk; safe to call any number of times. */
  preload: () => Promise<PageModule>;
};

/** A value React can read synchronously: its `then` calls back at once. */
function settled(module: PageModule): Promise<PageModule> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, that is what React.lazy reads.
    then: (onFulfilled: (value: PageModule) => unknown) => onFulfilled(module),
  } as Promise<PageModule>;
}

/**
 * A route's page in its own chunk. A page already downloaded (preloaded on intent, or before the
 * first render) is handed to React.lazy as an already-settled thenable, so React renders it in the
 * same pass instead of flashing the Suspense fallback.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: PageModule | undefined;
  let pending: Promise<PageModule> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        // Let a later intent try the download again (flaky network, new deploy).
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return { Component: lazy(() => (loaded ? settled(loaded) : preload())), preload };
}
