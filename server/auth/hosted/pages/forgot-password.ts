import { EMAIL_MAX_LENGTH } from '../accounts';
import { html } from '../html';
import { type ReturnTarget, targetQuery } from '../return-target';
import { type FieldErrors, field, hiddenFields } from './fields';
import { documentPage, type View } from './layout';

export function forgotPasswordPage(
  view: View,
  target: ReturnTarget,
  form: { email?: string; errors?: FieldErrors } = {},
): string {
  const errors = form.errors ?? {};
  return documentPage({
    title: 'Esqueci minha senha',
    assets: view.assets,
    body: html`<h1>Esqueci minha senha</h1>
<p class="lead">Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.</p>
<form method="post" action="/auth/forgot-password" novalidate>
${hiddenFields(view.csrf, target)}
${field({ name: 'email', label: 'E-mail', type: 'email', autocomplete: 'email', value: form.email ?? '', error: errors.email, maxLength: EMAIL_MAX_LENGTH, autofocus: true })}
<button class="button" type="submit">Enviar link</button>
</form>
<ul class="links">
<li><a href="/auth/login${targetQuery(target)}">Voltar para Entrar</a></li>
</ul>`,
  });
}
