// Debian's Chromium; Playwright's own browser download cannot work on these machines.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The background-networking flags stop Chromium from calling hosts this machine cannot reach.
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
