import { html, type SafeHtml } from '../html';
import { type ReturnTarget, targetQuery } from '../return-target';
import { hiddenFields } from './fields';
import { documentPage, type View } from './layout';

/**
 * "Check your inbox": the same page whether or not the address has an account, so it tells nobody
 * which addresses are registered. `resend` adds a button to ask for the confirmation link again.
 */
export function emailSentPage(
  view: View,
  target: ReturnTarget,
  input: { title: string; message: SafeHtml; resendTo?: string },
): string {
  return documentPage({
    title: input.title,
    assets: view.assets,
    body: html`<h1>${input.title}</h1>
<div class="notice" role="status">${input.message}</div>
<p class="lead">Não encontrou? Confira a caixa de spam ou lixo eletrônico.</p>
${
  input.resendTo !== undefined &&
  html`<form method="post" action="/auth/verification/resend">
${hiddenFields(view.csrf, target, { email: input.resendTo })}
<button class="button button--secondary" type="submit">Reenviar link de confirmação</button>
</form>`
}
<ul class="links">
<li><a href="/auth/login${targetQuery(target)}">Voltar para Entrar</a></li>
</ul>`,
  });
}

export const signupSentMessage = (email: string) =>
  html`Enviamos um link de confirmação para <strong>${email}</strong>. Abra o e-mail e toque no link para ativar sua conta. O link vale por 24 horas.`;

export const resendSentMessage = (email: string) =>
  html`Se <strong>${email}</strong> tiver um cadastro aguardando confirmação, enviamos um novo link para ele. O link vale por 24 horas.`;

export const resetSentMessage = (email: string) =>
  html`Se houver uma conta com <strong>${email}</strong>, enviamos um link para criar uma nova senha. O link vale por 1 hora.`;
