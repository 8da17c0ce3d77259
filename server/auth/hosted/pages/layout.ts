import type { AssetUrls, LookAssetName } from '../assets';
import { html, type SafeHtml } from '../html';

/** What every view of the hosted login needs to render. */
export interface View {
  assets: AssetUrls;
  /** The token for the page's forms (see csrf.ts). */
  csrf: string;
}

const LOGO = html`<svg aria-hidden="true" focusable="false" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0b7a53"/><path d="M16 6.5c-5.5 0-9.5 3.9-9.5 8.7 0 2.4 1 4.5 2.7 6.1l-.9 4.2 4.3-2c1.1.3 2.2.5 3.4.5 5.5 0 9.5-3.9 9.5-8.8S21.5 6.5 16 6.5Z" fill="#fff"/><path d="m11.8 15.4 3 3 5.6-6" fill="none" stroke="#0b7a53" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/**
 * A whole page: pt-BR, the product header, one card. The theme script is blocking in <head> so the
 * right theme is there before first paint; other scripts are deferred. Pages that borrow the look
 * (the Stripe simulator's) add stylesheets of their own after hosted.css.
 */
export function documentPage<Name extends string>(input: {
  title: string;
  assets: Record<LookAssetName | Name, string>;
  body: SafeHtml;
  stylesheets?: Name[];
  scripts?: Name[];
  /** Adds `page--wide` to the page, for a stylesheet of the page's own to widen it. */
  wide?: boolean;
}): string {
  const { assets } = input;
  return html`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="light dark">
<meta name="theme-color" content="#f6f7f9" media="(prefers-color-scheme: light)" data-theme="light">
<meta name="theme-color" content="#101318" media="(prefers-color-scheme: dark)" data-theme="dark">
<meta name="robots" content="noindex">
<title>${input.title} · Fechaí</title>
<link rel="icon" href="${assets['favicon.svg']}" type="image/svg+xml">
<script src="${assets['theme.js']}"></script>
<link rel="stylesheet" href="${assets['tokens.css']}">
<link rel="stylesheet" href="${assets['hosted.css']}">
${(input.stylesheets ?? []).map((name) => html`<link rel="stylesheet" href="${assets[name]}">`)}${(input.scripts ?? []).map((name) => html`<script src="${assets[name]}" defer></script>`)}
</head>
<body>
<header class="site-header"><span class="brand">${LOGO}<span>Fechaí</span></span></header>
<main class="page${input.wide ? ' page--wide' : ''}"><div class="card">
${input.body}
</div></main>
</body>
</html>
`.value;
}
