import { html, type SafeHtml } from '../../../auth/hosted/html';
import { documentPage } from '../../../auth/hosted/pages/layout';
import type { SimulatorAssets } from './assets';
import type { SimCheckoutSession, SimSubscription } from './objects';
import type { SimulatorPrice } from './prices';
import type { StoredEvent } from './store';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
});

/** Centavos as reais: 9700 → "R$ 97,00". */
export function formatBrl(cents: number): string {
  return brl.format(cents / 100);
}

const perInterval = { month: 'por mês', year: 'por ano' } as const;
const when = (seconds: number | null) => (seconds === null ? '—' : dateTime.format(new Date(seconds * 1000)));

/** A whole page in the hosted login's look, with the simulator's own rules on top. */
function simulatorPage(input: {
  title: string;
  assets: SimulatorAssets;
  body: SafeHtml;
  wide?: boolean;
}): string {
  return documentPage({ ...input, stylesheets: ['simulator.css'] });
}

const TEST_NOTICE = html`<p class="test-badge">Pagamento de teste · nenhuma cobrança real</p>`;

/** The hosted checkout: what is being bought, a prefilled test card, pay or go back. */
export function checkoutPage(input: {
  assets: SimulatorAssets;
  session: SimCheckoutSession;
  price: SimulatorPrice;
  email: string;
  error?: string;
  values?: { cardNumber: string; expiry: string; cvc: string; name: string };
}): string {
  const { session, price } = input;
  const total = formatBrl(session.amount_total);
  const values = input.values ?? {
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
    name: 'Cliente Teste',
  };
  const body = html`${TEST_NOTICE}
<h1>Assinar o Fechaí</h1>
<p class="lead">Confira o plano e pague com o cartão de teste.</p>
<dl class="summary">
<dt>Plano</dt><dd>${price.nickname}</dd>
<dt>Cobrança</dt><dd>${formatBrl(price.unitAmount)} ${perInterval[price.interval]}</dd>
<dt>Total hoje</dt><dd class="total">${total}</dd>
</dl>
${input.error && html`<p class="alert" role="alert">${input.error}</p>`}
<form method="post" action="/dev/stripe/checkout/${session.id}/pay" novalidate>
<div class="field"><label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="email" value="${input.email}"></div>
<div class="field"><label for="cardNumber">Número do cartão</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" value="${values.cardNumber}"${input.error ? html` aria-invalid="true" aria-describedby="card-hint"` : ''}>
<p class="field-hint" id="card-hint">Cartão de teste: 4242 4242 4242 4242 é aprovado; 4000 0000 0000 0002 é recusado.</p></div>
<div class="field-row">
<div class="field"><label for="expiry">Validade</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" value="${values.expiry}"></div>
<div class="field"><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" value="${values.cvc}"></div>
</div>
<div class="field"><label for="name">Nome no cartão</label><input id="name" name="name" autocomplete="cc-name" value="${values.name}"></div>
<div class="stack">
<button class="button" type="submit">Pagar ${total}</button>
${session.cancel_url && html`<a class="button button--secondary" href="${session.cancel_url}">Cancelar e voltar</a>`}
</div>
</form>`;
  return simulatorPage({ title: 'Pagamento', assets: input.assets, body });
}

/** A page that says what happened and offers one way on. */
export function noticePage(input: {
  assets: SimulatorAssets;
  title: string;
  message: string;
  link?: { href: string; label: string };
}): string {
  const body = html`${TEST_NOTICE}
<h1>${input.title}</h1>
<p>${input.message}</p>
${input.link && html`<a class="button" href="${input.link.href}">${input.link.label}</a>`}`;
  return simulatorPage({ title: input.title, assets: input.assets, body });
}

const statusText: Record<SimSubscription['status'], string> = {
  active: 'ativa',
  past_due: 'pagamento pendente',
  canceled: 'cancelada',
};

function subscriptionItem(subscription: SimSubscription): SafeHtml {
  const item = subscription.items.data[0]!;
  const open = subscription.status !== 'canceled';
  const action = (path: string, label: string, secondary = true) =>
    html`<form method="post" action="/dev/stripe/subscriptions/${subscription.id}/${path}"><button class="button${secondary ? ' button--secondary' : ''}" type="submit">${label}</button></form>`;
  return html`<li>
<strong>${item.price.nickname ?? item.price.id}</strong> · ${statusText[subscription.status]}${subscription.cancel_at_period_end ? ' · cancela no fim do período' : ''}
<div class="muted"><code>${subscription.id}</code> · cliente <code>${subscription.customer}</code>${subscription.metadata.company_id ? html` · empresa <code>${subscription.metadata.company_id}</code>` : ''}</div>
<div class="muted">Período: ${when(item.current_period_start)} até ${when(item.current_period_end)}</div>
${
  open &&
  html`<div class="actions">
${!subscription.cancel_at_period_end && action('renew', 'Renovar (pagamento aprovado)')}
${action('fail-renewal', 'Falhar renovação (cartão recusado)')}
${action('cancel', 'Cancelar agora')}
</div>`
}
</li>`;
}

function deliveryText(stored: StoredEvent, manual: boolean): string {
  if (!stored.deliveredAt) return manual ? 'não enviado (envio manual)' : 'não enviado';
  const status = stored.deliveryStatus === null ? 'sem resposta' : `HTTP ${stored.deliveryStatus}`;
  return `enviado ${dateTime.format(stored.deliveredAt)} · ${status}`;
}

/** /dev/stripe: subscriptions with renewal, failure and cancellation controls, and the events sent. */
export function controlPage(input: {
  assets: SimulatorAssets;
  subscriptions: SimSubscription[];
  events: StoredEvent[];
  webhookUrl: string;
  manualDelivery: boolean;
  error?: string;
}): string {
  const body = html`${TEST_NOTICE}
<h1>Stripe simulado</h1>
<p class="lead">Assinaturas criadas no checkout de teste. Os eventos vão assinados para <code>${input.webhookUrl}</code>.</p>
${input.error && html`<p class="alert" role="alert">${input.error}</p>`}
<h2 class="section-title">Assinaturas</h2>
${
  input.subscriptions.length
    ? html`<ul class="list">${input.subscriptions.map(subscriptionItem)}</ul>`
    : html`<p class="muted">Nenhuma assinatura ainda. Assine um plano em /paywall.</p>`
}
<h2 class="section-title">Eventos</h2>
${
  input.events.length
    ? html`<ul class="list">${input.events.map(
        (stored) => html`<li><strong>${stored.event.type}</strong> · ${when(stored.event.created)}
<div class="muted"><code>${stored.event.id}</code> · ${deliveryText(stored, input.manualDelivery)}</div>
<div class="actions"><form method="post" action="/dev/stripe/events/${stored.event.id}/deliver"><button class="button button--secondary" type="submit">${stored.deliveredAt ? 'Reenviar' : 'Enviar'}</button></form></div></li>`,
      )}</ul>`
    : html`<p class="muted">Nenhum evento ainda.</p>`
}`;
  return simulatorPage({ title: 'Stripe simulado', assets: input.assets, body, wide: true });
}
