import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../accounts';
import { html } from '../html';
import { type ReturnTarget, targetQuery } from '../return-target';
import { type FieldErrors, field, firstError, formAlert, hiddenFields } from './fields';
import { documentPage, type View } from './layout';
import { newPasswordField } from './password-rules-list';

export interface SignupForm {
  name?: string;
  email?: string;
  errors?: FieldErrors;
}

export function signupPage(view: View, target: ReturnTarget, form: SignupForm = {}): string {
  const errors = form.errors ?? {};
  const focus = firstError(errors, ['name', 'email', 'password']) ?? 'name';
  const hasErrors = Object.keys(errors).length > 0;
  return documentPage({
    title: 'Criar conta',
    assets: view.assets,
    scripts: ['password-rules.js'],
    body: html`<h1>Criar conta</h1>
<p class="lead">Comece a organizar o WhatsApp da sua empresa.</p>
${formAlert(hasErrors ? 'Confira os campos destacados.' : undefined)}
<form method="post" action="/auth/signup" novalidate>
${hiddenFields(view.csrf, target)}
${field({ name: 'name', label: 'Nome', type: 'text', autocomplete: 'name', value: form.name ?? '', error: errors.name, maxLength: NAME_MAX_LENGTH, autofocus: focus === 'name' })}
${field({ name: 'email', label: 'E-mail', type: 'email', autocomplete: 'email', value: form.email ?? '', error: errors.email, maxLength: EMAIL_MAX_LENGTH, autofocus: focus === 'email' })}
${newPasswordField({ label: 'Senha', errors, emailInput: 'email', autofocus: focus === 'password' })}
<button class="button" type="submit">Criar conta</button>
</form>
<ul class="links">
<li>Já tem conta? <a href="/auth/login${targetQuery(target)}">Entrar</a></li>
</ul>`,
  });
}
