import { escapeHtml } from '../../auth/hosted/html';
import { renderDevPage } from '../../http/dev-page';
import type { OutboxEntry } from './store';

// Everything that reaches the page goes through escapeHtml: text, attribute values, the srcdoc.

// http(s) only, so a javascript: or data: "link" in a message stays plain text.
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
// Sentence punctuation right after a link belongs to the sentence, not the link.
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** The links a message's text carries, in order (the JSON lists them too, for scripts). */
export function linksIn(text: string): string[] {
  return [...text.matchAll(URL_PATTERN)].map((match) => match[0].replace(TRAILING_PUNCTUATION, ''));
}

/** Escaped text with its http(s) links clickable, so a verification link can be followed from a phone. */
function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" rel="noopener noreferrer">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

const timeFormat = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'America/Sao_Paulo',
});

function renderEntry(entry: OutboxEntry): string {
  const channel = entry.channel === 'email' ? 'E-mail' : 'SMS';
  // An SMS has no subject; an e-mail without one says so.
  const subject = entry.subject
    ? `<h2>${escapeHtml(entry.subject)}</h2>`
    : entry.channel === 'email'
      ? '<h2 class="muted">(sem assunto)</h2>'
      : '';
  // The HTML body runs in a sandbox without scripts or our origin; <base> opens its links in a new tab.
  const htmlBody = entry.html
    ? `<details><summary>Ver versão HTML</summary>
<iframe title="Versão HTML da mensagem" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${escapeHtml(`<base target="_blank">${entry.html}`)}"></iframe>
</details>`
    : '';
  return `<article>
<header>
<p class="meta"><span class="badge">${channel}</span> <time datetime="${entry.createdAt.toISOString()}">${escapeHtml(timeFormat.format(entry.createdAt))}</time></p>
${subject}
<p class="to">Para: <strong>${escapeHtml(entry.to)}</strong></p>
</header>
<pre>${linkify(entry.text)}</pre>
${htmlBody}
</article>`;
}

/** The dev outbox: its messages, newest first, with a filter by recipient. */
export function renderOutboxPage({ entries, to }: { entries: OutboxEntry[]; to?: string }): string {
  const list = entries.length
    ? entries.map(renderEntry).join('\n')
    : `<p class="empty">${to ? `Nenhuma mensagem para ${escapeHtml(to)}.` : 'Nenhuma mensagem ainda.'}</p>`;
  return renderDevPage({
    title: 'Caixa de saída (desenvolvimento)',
    intro: 'E-mails e SMS que o Fechaí teria enviado, do mais recente para o mais antigo.',
    styles: `
h2 { font-size: 1.1rem; margin: .25rem 0; overflow-wrap: anywhere; }
.meta, .to { color: var(--muted); font-size: .9rem; }
.to strong { color: var(--text); overflow-wrap: anywhere; }
form { display: flex; flex-wrap: wrap; gap: .5rem; margin: 1rem 0; }
label { flex-basis: 100%; font-size: .9rem; }
input { flex: 1 1 12rem; min-height: 2.75rem; padding: .5rem .75rem; font: inherit; color: inherit; background: var(--card); border: 1px solid var(--line); border-radius: .5rem; }
button, .clear { min-height: 2.75rem; padding: .5rem 1rem; font: inherit; border-radius: .5rem; border: 1px solid var(--accent); background: var(--accent); color: var(--bg); cursor: pointer; text-decoration: none; display: inline-flex; align-items: center; }
.clear { background: transparent; color: var(--accent); }
article { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: 1rem; margin: 0 0 1rem; }
.badge { display: inline-block; padding: 0 .5rem; border-radius: 1rem; border: 1px solid var(--line); font-size: .8rem; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: .95rem/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; margin: .75rem 0 0; }
a { color: var(--accent); }
details { margin-top: .75rem; }
summary { cursor: pointer; min-height: 2.75rem; display: flex; align-items: center; }
iframe { width: 100%; height: 20rem; resize: vertical; border: 1px solid var(--line); border-radius: .5rem; background: #fff; }
.empty { padding: 2rem 0; text-align: center; color: var(--muted); }`,
    body: `<form method="get" action="/dev/outbox">
<label for="to">Filtrar por destinatário</label>
<input id="to" name="to" type="text" autocomplete="off" value="${escapeHtml(to ?? '')}" placeholder="nome@exemplo.com.br ou +5511912345678">
<button type="submit">Filtrar</button>
${to ? '<a class="clear" href="/dev/outbox">Limpar</a>' : ''}
</form>
${list}`,
  });
}
