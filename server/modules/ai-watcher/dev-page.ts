import { escapeHtml } from '../../auth/hosted/html';
import { renderDevPage } from '../../http/dev-page';

export interface WatcherFlagRow extends Record<string, unknown> {
  id: string;
  name: string;
  enabled: boolean;
}

/** The dev page listing companies with their watcher flag and a button to turn it on or off. */
export function renderWatcherFlagPage(companies: WatcherFlagRow[]): string {
  const rows = companies
    .map(
      (company) => `<form method="post" action="/dev/ai-watcher">
<input type="hidden" name="companyId" value="${escapeHtml(company.id)}">
<input type="hidden" name="enabled" value="${company.enabled ? '0' : '1'}">
<span><strong>${escapeHtml(company.name)}</strong> <code>${escapeHtml(company.id)}</code></span>
<span class="${company.enabled ? 'on' : 'off'}">${company.enabled ? 'Ligado' : 'Desligado'}</span>
<button type="submit">${company.enabled ? 'Desligar' : 'Ligar'}</button>
</form>`,
    )
    .join('\n');
  return renderDevPage({
    title: 'Sugestões da conversa (desenvolvimento)',
    intro:
      'Liga ou desliga, por empresa, a análise das conversas do WhatsApp (isSentinelWatcherEnabled). Vale na próxima mensagem recebida; o app mostra as sugestões depois de recarregar a sessão.',
    styles: `
form { display: flex; flex-wrap: wrap; align-items: center; gap: .75rem; margin: 0 0 .75rem; background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: .75rem 1rem; }
form span:first-of-type { flex: 1 1 16rem; overflow-wrap: anywhere; }
.on { color: var(--accent); font-weight: 600; }
button { min-height: 2.75rem; padding: .5rem 1rem; font: inherit; border-radius: .5rem; border: 1px solid var(--accent); background: var(--accent); color: var(--bg); cursor: pointer; }`,
    body: rows || '<p>Nenhuma empresa ainda.</p>',
  });
}
