import {
  type RemoteConfigKey,
  type RemoteConfigText,
  remoteConfigKeys,
} from '../../../contracts/remote-config';
import { escapeHtml } from '../../auth/hosted/html';

/** What each parameter is for, in the page's words. */
const labels: Record<RemoteConfigKey, string> = {
  mgm_page: 'mgm_page: página Indique e Ganhe (JSON)',
  mgm_page_config: 'mgm_page_config: textos da página de convite (JSON)',
  mgm_config: 'mgm_config: programa Indique e Ganhe (JSON)',
  charge_with_nu_uri_web: 'charge_with_nu_uri_web: link "Cobrar com Nubank"',
  why_charge_with_nu_uri: 'why_charge_with_nu_uri: link "Por que cobrar pelo app do banco?"',
};

export interface RemoteConfigPageState {
  parameters: RemoteConfigText;
  /** The refused edit, shown again in its field with the reason. */
  refused?: { key: RemoteConfigKey; value: string; message: string };
  /** The parameter just saved. */
  saved?: RemoteConfigKey;
}

function renderParameter(key: RemoteConfigKey, state: RemoteConfigPageState): string {
  const refused = state.refused?.key === key ? state.refused : undefined;
  const value = refused ? refused.value : (state.parameters[key] ?? '');
  const id = `value-${key}`;
  const status = refused
    ? `<p class="error" id="${id}-error" role="alert">${escapeHtml(refused.message)}</p>`
    : state.saved === key
      ? '<p class="saved" role="status">Salvo.</p>'
      : state.parameters[key] === undefined
        ? '<p class="muted">Sem valor aqui: o app usa o padrão.</p>'
        : '';
  return `<form method="post" action="/dev/remote-config">
<input type="hidden" name="key" value="${key}">
<label for="${id}">${escapeHtml(labels[key])}</label>
<textarea id="${id}" name="value" rows="3"${refused ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${escapeHtml(value)}</textarea>
${status}
<button type="submit" name="action" value="save">Salvar ${key}</button>
<button type="submit" name="action" value="reset" class="clear">Voltar ao padrão</button>
</form>`;
}

/** The remote configuration page: server-rendered forms, no scripts (the CSP allows only our own files). */
export function renderRemoteConfigPage(state: RemoteConfigPageState): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>Configuração remota (desenvolvimento) — Fechaí</title>
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
form { display: flex; flex-wrap: wrap; gap: .5rem; margin: 0 0 1rem; background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: 1rem; }
label { flex-basis: 100%; font-weight: 600; overflow-wrap: anywhere; }
textarea { flex-basis: 100%; padding: .5rem .75rem; font: .95rem/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: inherit; background: var(--bg); border: 1px solid var(--line); border-radius: .5rem; resize: vertical; }
textarea[aria-invalid="true"] { border-color: var(--error); }
form p { flex-basis: 100%; }
.error { color: var(--error); }
.saved { color: var(--accent); }
button { min-height: 2.75rem; padding: .5rem 1rem; font: inherit; border-radius: .5rem; border: 1px solid var(--accent); background: var(--accent); color: var(--bg); cursor: pointer; }
button.clear { background: transparent; color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>Configuração remota (desenvolvimento)</h1>
<p class="intro">Os parâmetros que o app lê quando não há um projeto Firebase configurado. Uma mudança vale na próxima vez que o app buscar a configuração (ao abrir). Esta página só existe fora de produção (ou com DEV_PAGES=1).</p>
${remoteConfigKeys.map((key) => renderParameter(key, state)).join('\n')}
</main>
</body>
</html>
`;
}
