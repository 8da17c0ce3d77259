import { ROLE_DESCRIPTIONS, ROLE_LABELS, type Role } from '../../../contracts/roles';
import { invitationPath } from '../../../contracts/team';
import { html } from '../../auth/hosted/html';
import { emailButton, emailLayout } from '../../auth/hosted/mail-templates';
import type { PublicUrls } from '../../http/public-urls';
import type { EmailMessage } from '../../integrations/mail/enqueue-email';

/** The invitation page of the app; the secret is only ever in this link. */
export function invitationLink(links: Pick<PublicUrls, 'appUrl'>, token: string): string {
  return `${links.appUrl}${invitationPath(token)}`;
}

/**
 * "<inviter> convidou você para a equipe de <company>": the company, who invited and the role, and
 * the link to the app's /convite page. The names come from the company's owner (a proven address),
 * never from the invited person.
 */
export function invitationMessage(
  links: Pick<PublicUrls, 'appUrl'>,
  input: {
    to: string;
    token: string;
    companyName: string;
    inviterName: string | null;
    role: Role;
    days: number;
  },
): EmailMessage {
  const link = invitationLink(links, input.token);
  const inviter = input.inviterName ?? 'O proprietário';
  const role = ROLE_LABELS[input.role];
  const subject = `Convite para a equipe de ${input.companyName} no Fechaí`.replace(/[\r\n]+/g, ' ');
  const ignore = 'Se você não esperava este convite, ignore este e-mail.';
  return {
    to: input.to,
    subject,
    text: `Olá!

${inviter} convidou você para a equipe de ${input.companyName} no Fechaí, com o perfil ${role} (${ROLE_DESCRIPTIONS[input.role]}).

Para aceitar, abra o link abaixo (vale por ${input.days} dias):

${link}

${ignore}`,
    html: emailLayout(
      subject,
      html`<p>Olá!</p>
<p>${inviter} convidou você para a equipe de <strong>${input.companyName}</strong> no Fechaí, com o perfil <strong>${role}</strong> (${ROLE_DESCRIPTIONS[input.role]}).</p>
<p>O convite vale por ${String(input.days)} dias.</p>
${emailButton(link, 'Aceitar convite')}
<p style="font-size:14px;color:#566170">Se o botão não funcionar, copie este endereço no navegador:<br>${link}</p>
<p style="font-size:14px;color:#566170">${ignore}</p>`,
    ),
  };
}
