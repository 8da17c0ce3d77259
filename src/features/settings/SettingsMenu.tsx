import { appPaths } from '../../../machines/app-paths';
import { useRoleAllows } from '../../app/session/session-context';
import { Link } from '../../lib/routing/Link';
import { SupportLink } from '../../lib/support/SupportLink';

const wa = appPaths.whatsapp;

/** Every settings area of spec §2, by its spec title, with a line on what it holds. */
export const settingsAreas = [
  { to: wa, title: 'Conexão WhatsApp', hint: 'Conecte o WhatsApp Business da empresa' },
  { to: appPaths.services, title: 'Serviços', hint: 'O que a sua empresa vende' },
  { to: appPaths.companyInfo, title: 'Sobre a empresa', hint: 'Documento, contato e atividade' },
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
] as const;

const chevron = 'm9 6 6 6-6 6';

/** The settings areas, then the way to a person on the support team. */
export function SettingsMenu() {
  const isOwner = useRoleAllows('owner');
  const areas = settingsAreas.filter((area) => !('minRole' in area) || isOwner);
  return (
    <div className="support-stack">
      <nav className="settings-menu" aria-label="Áreas de configuração">
        <ul className="list">
          {areas.map((area) => (
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
