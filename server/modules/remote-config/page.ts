import {
  type RemoteConfigKey,
  type RemoteConfigText,
  remoteConfigKeys,
} from '../../../contracts/remote-config';
import { escapeHtml } from '../../auth/hosted/html';
import { renderDevPage } from '../../http/dev-page';

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

/** The remote configuration page: one form per parameter. */
export function renderRemoteConfigPage(state: RemoteConfigPageState): string {
  return renderDevPage({
    title: 'Configuração remota (desenvolvimento)',
    intro:
      'Os parâmetros que o app lê quando não há um projeto Firebase configurado. Uma mudança vale na próxima vez que o app buscar a configuração (ao abrir).',
    styles: `
form { display: flex; flex-wrap: wrap; gap: .5rem; margin: 0 0 1rem; background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: 1rem; }
label { flex-basis: 100%; font-weight: 600; overflow-wrap: anywhere; }
textarea { flex-basis: 100%; padding: .5rem .75rem; font: .95rem/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: inherit; background: var(--bg); border: 1px solid var(--line); border-radius: .5rem; resize: vertical; }
textarea[aria-invalid="true"] { border-color: var(--error); }
form p { flex-basis: 100%; }
.error { color: var(--error); }
.saved { color: var(--accent); }
button { min-height: 2.75rem; padding: .5rem 1rem; font: inherit; border-radius: .5rem; border: 1px solid var(--accent); background: var(--accent); color: var(--bg); cursor: pointer; }
button.clear { background: transparent; color: var(--accent); }`,
    body: remoteConfigKeys.map((key) => renderParameter(key, state)).join('\n'),
  });
}
