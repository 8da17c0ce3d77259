import { html } from '../html';
import { type ReturnTarget, targetQuery } from '../return-target';
import { hiddenFields } from './fields';
import { documentPage, type View } from './layout';

/** The right password for an account whose e-mail is not confirmed yet (only its owner gets here). */
export function unverifiedPage(view: View, target: ReturnTarget, email: string): string {
  return documentPage({
    title: 'Confirme seu e-mail',
    assets: view.assets,
    body: html`<h1>Confirme seu e-mail</h1>
<p>Sua conta ainda não foi ativada. Enviamos um link de confirmação para <strong>${email}</strong> quando você se cadastrou: abra o e-mail e toque no link para ativar a conta.</p>
<p class="lead">Não encontrou o e-mail ou o link expirou? Peça um novo.</p>
<form method="post" action="/auth/verification/resend">
${hiddenFields(view.csrf, target, { email })}
<button class="button" type="submit">Reenviar e-mail de confirmação</button>
</form>
<ul class="links">
<li><a href="/auth/login${targetQuery(target)}">Voltar para Entrar</a></li>
</ul>`,
  });
}
