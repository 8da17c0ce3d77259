import { html, type SafeHtml } from '../../../auth/hosted/html';
import { documentPage } from '../../../auth/hosted/pages/layout';
import type { SimulatorAssets } from './assets';
import type { SimMessage, SimNumber } from './store';
import type { DeliveryRow } from './webhook-emitter';

const time = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'America/Sao_Paulo',
});

const STATUS_TEXT: Record<string, string> = {
  accepted: 'aceita',
  sent: 'enviada',
  delivered: 'entregue',
  read: 'lida',
  failed: 'falhou',
};

const WHO: Record<SimMessage['direction'], string> = {
  to_business: 'Cliente',
  to_customer: 'Empresa',
  echo: 'Dono (app no celular)',
};

export interface PlayView {
  assets: SimulatorAssets;
  numbers: SimNumber[];
  number: SimNumber | null;
  customer: string;
  name: string;
  messages: SimMessage[];
  customerUnreachable: boolean;
  recentCustomers: { customer: string; name: string | null }[];
  deliveries: DeliveryRow[];
  webhookUrl: string;
  notice?: string;
  error?: string;
}

function bubble(message: SimMessage): SafeHtml {
  const part = (message.content[message.type] ?? {}) as Record<string, unknown>;
  const body =
    typeof part.body === 'string'
      ? part.body
      : message.type === 'template'
        ? `[modelo ${String(part.name ?? '')}]`
        : null;
  const image =
    message.type === 'image' && typeof part.id === 'string'
      ? html`<img src="/dev/whatsapp/preview/${part.id}" alt="Foto enviada">`
      : message.type === 'image' && typeof part.link === 'string'
        ? html`<span>[imagem: ${part.link}]</span>`
        : null;
  const caption = typeof part.caption === 'string' ? part.caption : null;
  const status =
    message.direction === 'to_customer' && message.status
      ? ` · ${STATUS_TEXT[message.status] ?? message.status}${message.errorCode ? ` (${message.errorCode})` : ''}`
      : '';
  return html`<li class="bubble bubble--${message.direction}" data-wamid="${message.wamid}">${image}${body ?? caption ?? (image ? '' : `[${message.type}]`)}${image && caption ? html`<br>${caption}` : ''}<span class="meta">${WHO[message.direction]} · ${time.format(message.createdAt)}${status}</span></li>`;
}

function hidden(view: PlayView): SafeHtml {
  return html`<input type="hidden" name="number" value="${view.number?.phoneNumberId ?? ''}"><input type="hidden" name="customer" value="${view.customer}"><input type="hidden" name="name" value="${view.name}">`;
}

function fieldsOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { entry?: { changes?: { field?: string }[] }[] };
    const fields = (parsed.entry ?? []).flatMap((entry) =>
      (entry.changes ?? []).map((change) => change.field),
    );
    return fields.join(', ');
  } catch {
    return '?';
  }
}

function deliveryItem(delivery: DeliveryRow): SafeHtml {
  const state = delivery.deliveredAt
    ? `entregue (HTTP 200) em ${delivery.attempts} tentativa(s)`
    : delivery.attempts === 0
      ? 'na fila'
      : `tentativa ${delivery.attempts}: ${delivery.lastStatus === null ? 'sem resposta' : `HTTP ${delivery.lastStatus}`} · nova tentativa ${time.format(delivery.nextAttemptAt)}`;
  return html`<li><strong>${fieldsOf(delivery.body)}</strong> · ${time.format(delivery.createdAt)}<div class="muted">${state}</div></li>`;
}

function conversationSection(view: PlayView, number: SimNumber): SafeHtml {
  const form = (action: string, label: string, extra: SafeHtml | string = '', secondary = true) =>
    html`<form method="post" action="/dev/whatsapp/play/${action}">${hidden(view)}${extra}<button class="button${secondary ? ' button--secondary' : ''}" type="submit">${label}</button></form>`;
  return html`<h2 class="section-title">Conversa com ${view.name || view.customer} (${view.customer})</h2>
${view.customerUnreachable && html`<p class="notice">Este número está marcado como sem WhatsApp: respostas da empresa falham com 131026.</p>`}
${
  view.messages.length
    ? html`<ol class="chat" aria-label="Conversa">${view.messages.map(bubble)}</ol>`
    : html`<p class="muted">Nenhuma mensagem ainda.</p>`
}
<div class="actions"><a class="button button--secondary" href="/dev/whatsapp?number=${number.phoneNumberId}&amp;customer=${view.customer}&amp;name=${view.name}">Atualizar</a>
${form('read', 'Marcar respostas como lidas')}
${form('read-reordered', 'Ler fora de ordem (lida antes de entregue)')}</div>

<h2 class="section-title">Escrever para a empresa</h2>
<form method="post" action="/dev/whatsapp/play/message">${hidden(view)}
<div class="field"><label for="text">Mensagem</label><textarea id="text" name="text" required maxlength="4096"></textarea></div>
<div class="field"><label for="count">Quantidade (lote)</label><select id="count" name="count"><option value="1">1</option><option value="3">3</option><option value="5">5</option><option value="10">10</option></select></div>
<div class="actions"><button class="button" type="submit">Enviar</button>
<button class="button button--secondary" type="submit" formaction="/dev/whatsapp/play/duplicate">Enviar duplicada</button>
<button class="button button--secondary" type="submit" formaction="/dev/whatsapp/play/batch">Enviar em lote (um POST)</button></div>
</form>

<h2 class="section-title">Enviar foto</h2>
<form method="post" action="/dev/whatsapp/play/photo" enctype="multipart/form-data">${hidden(view)}
<div class="field"><label for="photo">Foto</label><input id="photo" name="photo" type="file" accept="image/*" required></div>
<div class="field"><label for="caption">Legenda</label><input id="caption" name="caption" maxlength="1024"></div>
<button class="button" type="submit">Enviar foto</button>
</form>

<h2 class="section-title">Falhas e eventos</h2>
<div class="actions">
${view.customerUnreachable ? form('reachable', 'Marcar como com WhatsApp') : form('unreachable', 'Marcar como sem WhatsApp')}
${form('offboard', 'Desconectar número (ACCOUNT_OFFBOARDED)')}
</div>
${
  number.coexistence
    ? html`<form method="post" action="/dev/whatsapp/play/echo">${hidden(view)}
<div class="field"><label for="echo">Mensagem do dono pelo celular (eco)</label><textarea id="echo" name="text" required maxlength="4096"></textarea></div>
<button class="button button--secondary" type="submit">Enviar eco</button></form>
<div class="actions">
${form('history', 'Sincronizar histórico (fora de ordem)')}
${form('contacts', 'Sincronizar contatos')}
</div>`
    : html`<p class="muted">Eco, histórico e contatos só existem em números em coexistência (app WhatsApp Business).</p>`
}`;
}

/** /dev/whatsapp: pick a number and a customer, write as the customer, see the replies. */
export function playPage(view: PlayView): string {
  const { number } = view;
  const body = html`<p class="test-badge">WhatsApp de teste · nenhuma mensagem real</p>
<h1>WhatsApp simulado</h1>
<p class="lead">Faça o papel do cliente: escreva para a empresa, envie uma foto e veja as respostas. Os webhooks vão assinados para <code>${view.webhookUrl}</code>.</p>
${view.error && html`<p class="alert" role="alert">${view.error}</p>`}
${view.notice && html`<p class="notice" role="status">${view.notice}</p>`}
${
  view.numbers.length
    ? html`<form method="get" action="/dev/whatsapp" class="picker">
<div class="field"><label for="number">Número da empresa</label><select id="number" name="number">${view.numbers.map(
        (one) =>
          html`<option value="${one.phoneNumberId}"${one.phoneNumberId === number?.phoneNumberId ? html` selected` : ''}>${one.verifiedName} · ${one.displayPhoneNumber}${one.coexistence ? ' · coexistência' : ''}${one.subscribed ? '' : ' · sem webhook'}</option>`,
      )}</select></div>
<div class="field"><label for="customer">Número do cliente</label><input id="customer" name="customer" inputmode="tel" value="${view.customer}" placeholder="5511987654321" required></div>
<div class="field"><label for="name">Nome do cliente</label><input id="name" name="name" value="${view.name}" placeholder="Maria Souza"></div>
<button class="button" type="submit">Abrir conversa</button>
</form>`
    : html`<p class="notice">Nenhum número ainda. Conecte o WhatsApp no Fechaí (Configurações) ou crie um número de teste.</p>`
}
<form method="post" action="/dev/whatsapp/play/create-number" class="actions"><button class="button button--secondary" type="submit">Criar número de teste</button></form>
${
  number &&
  view.recentCustomers.length > 0 &&
  html`<p class="muted">Conversas recentes: ${view.recentCustomers.map(
    (one) =>
      html`<a href="/dev/whatsapp?number=${number.phoneNumberId}&amp;customer=${one.customer}&amp;name=${one.name ?? ''}">${one.name ?? one.customer}</a> `,
  )}</p>`
}
${number && !number.subscribed && html`<p class="notice">O app ainda não se inscreveu neste número (subscribed_apps): nada é enviado por webhook.</p>`}
${number && view.customer && conversationSection(view, number)}
<h2 class="section-title">Webhooks enviados</h2>
${
  view.deliveries.length
    ? html`<ul class="list">${view.deliveries.map(deliveryItem)}</ul>`
    : html`<p class="muted">Nenhum webhook ainda.</p>`
}`;
  return documentPage({
    title: 'WhatsApp simulado',
    assets: view.assets,
    body,
    stylesheets: ['simulator.css', 'play.css'],
    wide: true,
  });
}
