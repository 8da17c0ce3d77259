// Runs before first paint (a blocking, external script: the CSP forbids inline ones). Same pages
// origin as the app, so the app's theme choice applies here too: the localStorage key "fechai-theme"
// holds light | dark | system (default system). Mirrors public/theme-init.js; keep the two in step.
(() => {
  let mode = 'system';
  try {
    const stored = localStorage.getItem('fechai-theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') mode = stored;
  } catch {
    // Storage blocked: follow the OS.
  }
  const dark = mode === 'dark' || (mode === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  const resolved = dark ? 'dark' : 'light';
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(resolved);
  root.style.colorScheme = resolved;
  for (const meta of document.querySelectorAll('meta[name="theme-color"][data-theme]')) {
    const own = meta.getAttribute('data-theme');
    meta.media = mode === 'system' ? `(prefers-color-scheme: ${own})` : own === resolved ? 'all' : 'not all';
  }
})();
