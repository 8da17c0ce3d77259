import { html } from '../html';
import { type ReturnTarget, targetQuery } from '../return-target';
import { type FieldErrors, formAlert, hiddenFields } from './fields';
import { documentPage, type View } from './layout';
import { newPasswordField } from './password-rules-list';

export function resetPasswordPage(
  view: View,
  target: ReturnTarget,
  form: { token: string; errors?: FieldErrors },
): string {
  const errors = form.errors ?? {};
  return documentPage({
    title: 'Nova senha',
    assets: view.assets,
    scripts: ['password-rules.js'],
    body: html`<h1>Crie uma nova senha</h1>
<p class="lead">Depois de salvar, todos os acessos abertos com a senha antiga serão encerrados.</p>
${formAlert(errors.password && 'Confira a nova senha.')}
<form method="post" action="/auth/reset-password" novalidate>
${hiddenFields(view.csrf, target, { token: form.token })}
${newPasswordField({ label: 'Nova senha', errors, autofocus: true })}
<button class="button" type="submit">Salvar nova senha</button>
</form>`,
  });
}

export function passwordChangedPage(view: View, target: ReturnTarget): string {
  return documentPage({
    title: 'Senha alterada',
    assets: view.assets,
    body: html`<h1>Senha alterada</h1>
<div class="notice" role="status">Sua nova senha foi salva. Por segurança, encerramos todos os acessos abertos.</div>
<a class="button" href="/auth/login${targetQuery(target)}">Entrar com a nova senha</a>`,
  });
}

/** Unknown, expired or already used: say so plainly and offer a new link. */
export function resetLinkInvalidPage(view: View, target: ReturnTarget): string {
  return documentPage({
    title: 'Link inválido',
    assets: view.assets,
    body: html`<h1>Este link não vale mais</h1>
<p>O link para criar uma nova senha expirou ou já foi usado. Cada link vale por 1 hora e pode ser usado uma vez.</p>
<a class="button" href="/auth/forgot-password${targetQuery(target)}">Pedir um novo link</a>
<ul class="links">
<li><a href="/auth/login${targetQuery(target)}">Voltar para Entrar</a></li>
</ul>`,
  });
}
