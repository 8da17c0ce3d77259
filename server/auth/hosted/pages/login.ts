import { html } from '../html';
import { type ReturnTarget, targetQuery } from '../return-target';
import { type FieldErrors, FORM_ALERT_ID, field, firstError, formAlert, hiddenFields } from './fields';
import { documentPage, type View } from './layout';

export interface LoginForm {
  email?: string;
  errors?: FieldErrors;
  /** About the form as a whole (wrong e-mail or password, lockout). */
  alert?: string;
}

export function loginPage(view: View, target: ReturnTarget, form: LoginForm = {}): string {
  const errors = form.errors ?? {};
  const focus = firstError(errors, ['email', 'password']) ?? (form.alert ? 'password' : 'email');
  const alertId = form.alert ? FORM_ALERT_ID : undefined;
  const query = targetQuery(target);
  return documentPage({
    title: 'Entrar',
    assets: view.assets,
    body: html`<h1>Entrar</h1>
<p class="lead">Use seu e-mail e senha para acessar o Fechaí.</p>
${formAlert(form.alert)}
<form method="post" action="/auth/login" novalidate>
${hiddenFields(view.csrf, target)}
${field({ name: 'email', label: 'E-mail', type: 'email', autocomplete: 'username', value: form.email ?? '', error: errors.email, describedBy: [alertId], autofocus: focus === 'email' })}
${field({ name: 'password', label: 'Senha', type: 'password', autocomplete: 'current-password', error: errors.password, describedBy: [alertId], autofocus: focus === 'password' })}
<button class="button" type="submit">Entrar</button>
</form>
<ul class="links">
<li><a href="/auth/forgot-password${query}">Esqueci minha senha</a></li>
<li>Não tem conta? <a href="/auth/signup${query}">Criar conta</a></li>
</ul>`,
  });
}
