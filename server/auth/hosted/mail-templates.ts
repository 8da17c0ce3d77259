import type { PublicUrls } from '../../http/public-urls';
import type { EmailMessage } from '../../integrations/mail/enqueue-email';
import { html, type SafeHtml } from './html';
import { type ReturnTarget, targetQuery } from './return-target';

type Links = PublicUrls;

const greeting = (name: string | null) => (name ? `Olá, ${name}!` : 'Olá!');

/** A plain, inline-styled message: mail clients ignore stylesheets and most CSS. */
export function emailLayout(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>${title}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:Arial,Helvetica,sans-serif;color:#161b22;line-height:1.5">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#0b7a53">Fechaí</p>
${body}
</div>
</body>
</html>`.value;
}

export const emailButton = (href: string, label: string) =>
  html`<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:#0b7a53;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${label}</a></p>`;

const ignoreLine = 'Se não foi você, ignore este e-mail.';

/**
 * Sent on sign-up (and on asking for the link again): the link opens the app's /signup.
 * No name in it: the address is not proven yet, so whoever typed it must not choose words we send there.
 */
export function verifyEmailMessage(links: Links, input: { to: string; token: string }): EmailMessage {
  const link = `${links.appUrl}/signup?${new URLSearchParams({ verificationToken: input.token })}`;
  const subject = 'Confirme seu e-mail no Fechaí';
  return {
    to: input.to,
    subject,
    text: `Olá!

Para ativar sua conta no Fechaí, confirme seu e-mail abrindo o link abaixo (vale por 24 horas):

${link}

${ignoreLine}`,
    html: emailLayout(
      subject,
      html`<p>Olá!</p>
<p>Para ativar sua conta no Fechaí, confirme seu e-mail. O link vale por 24 horas.</p>
${emailButton(link, 'Confirmar e-mail')}
<p style="font-size:14px;color:#566170">Se o botão não funcionar, copie este endereço no navegador:<br>${link}</p>
<p style="font-size:14px;color:#566170">${ignoreLine}</p>`,
    ),
  };
}

/** Someone signed up with an address that already has an account: tell its owner, reveal nothing. */
export function accountExistsMessage(links: Links, input: { to: string; name: string | null }): EmailMessage {
  const signIn = `${links.authUrl}/auth/login`;
  const forgot = `${links.authUrl}/auth/forgot-password`;
  const subject = 'Você já tem uma conta no Fechaí';
  return {
    to: input.to,
    subject,
    text: `${greeting(input.name)}

Alguém (talvez você) tentou criar uma conta no Fechaí com este e-mail, mas ele já tem uma conta.

Para entrar: ${signIn}
Esqueceu a senha? Crie uma nova: ${forgot}

${ignoreLine} Sua conta continua como estava.`,
    html: emailLayout(
      subject,
      html`<p>${greeting(input.name)}</p>
<p>Alguém (talvez você) tentou criar uma conta no Fechaí com este e-mail, mas ele já tem uma conta.</p>
${emailButton(signIn, 'Entrar no Fechaí')}
<p>Esqueceu a senha? <a href="${forgot}" style="color:#0b7a53">Crie uma nova senha</a>.</p>
<p style="font-size:14px;color:#566170">${ignoreLine} Sua conta continua como estava.</p>`,
    ),
  };
}

/**
 * Someone signed up with an address whose account still waits for confirmation. The account is left
 * as it is (whoever signs up later must not replace the password the owner may be about to confirm);
 * the address gets only a reset link, which confirms it with a password chosen there (a plain
 * confirmation would activate the first sign-up's password, perhaps someone else's). No name: the
 * address is not proven yet.
 */
export function pendingSignUpMessage(links: Links, input: { to: string; resetToken: string }): EmailMessage {
  const reset = `${links.authUrl}/auth/reset-password?${new URLSearchParams({ token: input.resetToken })}`;
  const subject = 'Seu cadastro no Fechaí aguarda confirmação';
  return {
    to: input.to,
    subject,
    text: `Olá!

Alguém (talvez você) tentou criar uma conta no Fechaí com este e-mail, mas já existe um cadastro com ele aguardando confirmação.

Para confirmar seu e-mail e escolher sua senha, abra o link abaixo (vale por 1 hora e pode ser usado uma vez):

${reset}

${ignoreLine} Nada muda no cadastro.`,
    html: emailLayout(
      subject,
      html`<p>Olá!</p>
<p>Alguém (talvez você) tentou criar uma conta no Fechaí com este e-mail, mas já existe um cadastro com ele aguardando confirmação.</p>
<p>Para confirmar seu e-mail e escolher sua senha, use o botão abaixo. O link vale por 1 hora e pode ser usado uma vez.</p>
${emailButton(reset, 'Confirmar e-mail e escolher senha')}
<p style="font-size:14px;color:#566170">Se o botão não funcionar, copie este endereço no navegador:<br>${reset}</p>
<p style="font-size:14px;color:#566170">${ignoreLine} Nada muda no cadastro.</p>`,
    ),
  };
}

/** The reset link opens the hosted login's own page; it keeps where the user was headed. */
export function resetPasswordMessage(
  links: Links,
  input: { to: string; name: string | null; token: string; target: ReturnTarget },
): EmailMessage {
  const query = targetQuery(input.target);
  const link = `${links.authUrl}/auth/reset-password?${new URLSearchParams({ token: input.token })}${query && `&${query.slice(1)}`}`;
  const subject = 'Redefina sua senha do Fechaí';
  return {
    to: input.to,
    subject,
    text: `${greeting(input.name)}

Recebemos um pedido para criar uma nova senha para sua conta no Fechaí. Abra o link abaixo (vale por 1 hora e pode ser usado uma vez):

${link}

${ignoreLine} Sua senha continua a mesma.`,
    html: emailLayout(
      subject,
      html`<p>${greeting(input.name)}</p>
<p>Recebemos um pedido para criar uma nova senha para sua conta no Fechaí. O link vale por 1 hora e pode ser usado uma vez.</p>
${emailButton(link, 'Criar nova senha')}
<p style="font-size:14px;color:#566170">Se o botão não funcionar, copie este endereço no navegador:<br>${link}</p>
<p style="font-size:14px;color:#566170">${ignoreLine} Sua senha continua a mesma.</p>`,
    ),
  };
}

/** After a reset: the owner learns of it even if someone else did it. */
export function passwordChangedMessage(
  links: Links,
  input: { to: string; name: string | null },
): EmailMessage {
  const forgot = `${links.authUrl}/auth/forgot-password`;
  const subject = 'Sua senha do Fechaí foi alterada';
  return {
    to: input.to,
    subject,
    text: `${greeting(input.name)}

A senha da sua conta no Fechaí acabou de ser alterada e todos os acessos abertos foram encerrados.

Se não foi você, crie uma nova senha agora: ${forgot}`,
    html: emailLayout(
      subject,
      html`<p>${greeting(input.name)}</p>
<p>A senha da sua conta no Fechaí acabou de ser alterada e todos os acessos abertos foram encerrados.</p>
<p>Se não foi você, <a href="${forgot}" style="color:#0b7a53">crie uma nova senha agora</a>.</p>`,
    ),
  };
}
