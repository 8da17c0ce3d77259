// Runs before first paint (a blocking, external script: the CSP forbids inline ones) so the page
// never flashes the wrong theme. Mirrors src/lib/theme: one localStorage key, "fechai-theme",
// holding light | dark | system (default system). The hosted login serves this same file.
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
  // The browser bar colour: follow the OS in system mode, else pin the chosen theme's meta.
  for (const meta of document.querySelectorAll('meta[name="theme-color"][data-theme]')) {
    const own = meta.getAttribute('data-theme');
    meta.media = mode === 'system' ? `(prefers-color-scheme: ${own})` : own === resolved ? 'all' : 'not all';
  }
})();
