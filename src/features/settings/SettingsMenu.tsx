import type { RequiredRole } from '../../../contracts/roles';
import { roleAllows } from '../../../contracts/roles';
import { appPaths } from '../../../machines/app-paths';
import { useSessionRole } from '../../app/session/session-context';
import { Link } from '../../lib/routing/Link';
import { SupportLink } from '../../lib/support/SupportLink';

const wa = appPaths.whatsapp;

/**
 * Every settings area of spec §2, by its spec title, with a line on what it holds, and the least
 * role that may open it (its page's route says the same).
 */
export const settingsAreas: readonly { to: string; title: string; hint: string; minRole?: RequiredRole }[] = [
  { to: wa, title: 'Conexão WhatsApp', hint: 'Conecte o WhatsApp Business da empresa' },
  { to: appPaths.services, title: 'Serviços', hint: 'O que a sua empresa vende' },
  {
    to: appPaths.companyInfo,
    title: 'Sobre a empresa',
    hint: 'Documento, contato e atividade',
    minRole: 'manager',
  },
  {
    to: appPaths.team,
    title: 'Equipe',
    hint: 'Convide pessoas e defina o que cada uma faz',
    minRole: 'owner',
  },
  { to: appPaths.aiTraining, title: 'Treinamento da IA', hint: 'Ensine a IA sobre o seu negócio' },
  { to: appPaths.invite, title: 'Indique e Ganhe', hint: 'Convide outras empresas para o Fechaí' },
  { to: appPaths.accessSecurity, title: 'Acesso e Segurança', hint: 'Seu número de celular' },
  { to: `${wa}/blocklist`, title: 'Contatos ignorados', hint: 'Conversas que o Fechaí deixa de lado' },
];

const chevron = 'm9 6 6 6-6 6';

/** The settings areas the person's role opens, then the way to a person on the support team. */
export function SettingsMenu() {
  const role = useSessionRole();
  return (
    <div className="support-stack">
      <nav className="settings-menu" aria-label="Áreas de configuração">
        <ul className="list">
          {settingsAreas
            .filter((area) => !area.minRole || roleAllows(role, area.minRole))
            .map((area) => (
              <li key={area.to}>
                <Link to={area.to} className="list__link settings-menu__link">
                  <span className="settings-menu__text">
                    <span className="settings-menu__title">{area.title}</span>
                    <span className="settings-menu__hint">{area.hint}</span>
                  </span>
                  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d={chevron} />
                  </svg>
                </Link>
              </li>
            ))}
        </ul>
      </nav>
      <SupportLink hint="Tire suas dúvidas pelo WhatsApp" />
    </div>
  );
}
