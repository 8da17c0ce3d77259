/**
 * The frame of the development pages (the dev outbox, remote configuration): server-rendered, no
 * scripts (the CSP allows only our own files), light and dark, its title as the heading. Each page
 * adds only its own styles and body; `intro` and `body` are HTML the page has already escaped.
 */
export function renderDevPage({
  title,
  intro,
  styles,
  body,
}: {
  title: string;
  intro: string;
  styles: string;
  body: string;
}): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${title} — Fechaí</title>
<style>
:root { color-scheme: light dark; --bg: #f6f7f9; --card: #fff; --text: #1b1f24; --muted: #5b6470; --line: #d9dee4; --accent: #0b6b3a; --error: #b3261e; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #111418; --card: #1b2027; --text: #e8ebef; --muted: #a3acb8; --line: #323a44; --accent: #5fd39a; --error: #ff8a80; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--text); }
main { max-width: 48rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.4rem; margin: .5rem 0; }
p { margin: .25rem 0; }
.muted, .intro { color: var(--muted); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
${styles.trim()}
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p class="intro">${intro} Esta página só existe fora de produção (ou com DEV_PAGES=1).</p>
${body}
</main>
</body>
</html>
`;
}
