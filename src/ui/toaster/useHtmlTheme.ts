import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

const read = (): 'light' | 'dark' => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

/** The app's theme as the `dark` class on <html> says, following every change. */
export function useHtmlTheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribe, read, () => 'light');
}
