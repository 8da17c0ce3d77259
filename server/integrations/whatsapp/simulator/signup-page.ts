import { html } from '../../../auth/hosted/html';
import { documentPage } from '../../../auth/hosted/pages/layout';
import type { SimulatorAssets } from './assets';
import type { SimNumber } from './store';

export type SignupMode = 'cloud_api' | 'coexistence';

const TEST_NOTICE = html`<p class="test-badge">WhatsApp de teste · nenhuma conta real da Meta</p>`;

const modeText: Record<SignupMode, string> = {
  cloud_api: 'Número novo na API do WhatsApp',
  coexistence: 'Número do app WhatsApp Business (coexistência)',
};

/** The popup: the business and its number (new or made before), what to simulate, and how to end. */
export function signupPage(input: {
  assets: SimulatorAssets;
  mode: SignupMode;
  origin: string;
  numbers: SimNumber[];
  error?: string;
  values?: { businessName: string; phone: string };
}): string {
  const values = input.values ?? { businessName: 'Doces da Ana', phone: '5511988887777' };
  const body = html`${TEST_NOTICE}
<h1>Conectar ao WhatsApp</h1>
<p class="lead">${modeText[input.mode]}. Escolha a empresa e o número que o Fechaí vai usar.</p>
${input.error && html`<p class="alert" role="alert">${input.error}</p>`}
<form method="post" action="/dev/whatsapp/signup" novalidate>
<input type="hidden" name="mode" value="${input.mode}">
<input type="hidden" name="origin" value="${input.origin}">
<div class="field"><label for="businessName">Nome da empresa</label><input id="businessName" name="businessName" autocomplete="organization" value="${values.businessName}"></div>
<div class="field"><label for="phone">Número do WhatsApp (com DDI e DDD)</label><input id="phone" name="phone" inputmode="numeric" autocomplete="tel" value="${values.phone}"></div>
${
  input.numbers.length > 0 &&
  html`<div class="field"><label for="existing">Ou um número simulado já criado</label><select id="existing" name="existing">
<option value="">Criar um número novo</option>
${input.numbers.map((number) => html`<option value="${number.phoneNumberId}">${number.displayPhoneNumber} · ${number.verifiedName}${number.coexistence ? ' · coexistência' : ''}</option>`)}
</select></div>`
}
${
  input.mode === 'cloud_api' &&
  html`<div class="field"><label for="fault">Ao registrar o número</label><select id="fault" name="fault">
<option value="none">Registrar normalmente</option>
<option value="pin_mismatch">Recusar: PIN da confirmação em duas etapas diferente (133005)</option>
<option value="too_many_attempts">Recusar: tentativas demais em 72 horas (133016)</option>
<option value="pending_review">Recusar: número em análise pela Meta (133010)</option>
</select></div>`
}
<div class="stack">
<button class="button" type="submit" name="action" value="finish">Concluir</button>
<button class="button button--secondary" type="submit" name="action" value="finish_only_waba">Concluir só a conta (sem número)</button>
<button class="button button--secondary" type="submit" name="action" value="cancel">Cancelar</button>
</div>
</form>`;
  return documentPage({
    title: 'Conectar ao WhatsApp',
    assets: input.assets,
    body,
    stylesheets: ['simulator.css'],
  });
}

/** The last step: hands the messages to the window that opened the popup (signup.js), then closes. */
export function signupDonePage(input: {
  assets: SimulatorAssets;
  origin: string;
  messages: unknown[];
  canceled: boolean;
}): string {
  const body = html`${TEST_NOTICE}
<h1>${input.canceled ? 'Cadastro cancelado' : 'Cadastro concluído'}</h1>
<p id="signup-result" data-origin="${input.origin}" data-messages="${JSON.stringify(input.messages)}">Voltando ao Fechaí… Se esta janela não fechar sozinha, pode fechá-la.</p>`;
  return documentPage({
    title: 'Conectar ao WhatsApp',
    assets: input.assets,
    body,
    stylesheets: ['simulator.css'],
    scripts: ['signup.js'],
  });
}
