/**
 * Adds `<script async src>` to the page; resolves when it ran, rejects when it could not load.
 * The analytics chart decides how long to wait for it.
 */
export function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.appendChild(script);
  });
}

export type ScriptLoader = typeof loadScript;
