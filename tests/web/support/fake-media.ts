/**
 * jsdom has no matchMedia. This one answers `(prefers-color-scheme: dark)` from a switch the test
 * flips, and fires `change` like a browser does when the OS theme changes.
 */
export function installFakeMatchMedia(initiallyDark = false) {
  let dark = initiallyDark;
  const lists = new Set<{ media: string; listeners: Set<(event: MediaQueryListEvent) => void> }>();

  window.matchMedia = (media: string) => {
    const entry = { media, listeners: new Set<(event: MediaQueryListEvent) => void>() };
    lists.add(entry);
    const isDarkQuery = media.includes('prefers-color-scheme: dark');
    return {
      media,
      get matches() {
        return isDarkQuery ? dark : false;
      },
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
        entry.listeners.add(listener);
      },
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
        entry.listeners.delete(listener);
      },
      addListener: (listener: (event: MediaQueryListEvent) => void) => entry.listeners.add(listener),
      removeListener: (listener: (event: MediaQueryListEvent) => void) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };

  return {
    setSystemDark(next: boolean) {
      dark = next;
      for (const entry of lists) {
        if (!entry.media.includes('prefers-color-scheme: dark')) continue;
        for (const listener of entry.listeners)
          listener({ matches: dark, media: entry.media } as MediaQueryListEvent);
      }
    },
  };
}
