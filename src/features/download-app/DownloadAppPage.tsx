import { useLocation } from 'wouter';
import { PageHeading } from '../../app/routing/PageHeading';
import { APP_STORE_URL, PLAY_STORE_URL } from '../../lib/build-config';
import { rememberWebOnMobile } from '../../lib/device/web-on-mobile';
import './DownloadAppPage.css';
import { appPaths } from '../../../machines/app-paths';

const appleLogo =
  'M16.4 12.6c0-2.4 2-3.6 2.1-3.7-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 0-3.2 1-4 2.4-1.7 3-.4 7.4 1.2 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8 1.5 0 1.9.8 3.2.8 1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8-.1 0-2.5-1-2.5-3.9ZM14 5.5c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1 .1 2.1-.6 2.8-1.4Z';
const playTriangle = 'M4.5 2.8v18.4c0 .6.7 1 1.2.7l15.6-9.2c.5-.3.5-1.1 0-1.4L5.7 2.1c-.5-.3-1.2.1-1.2.7Z';

function StoreBadge({ href, icon, over, name }: { href: string; icon: string; over: string; name: string }) {
  return (
    <a className="store-badge" href={href} rel="noopener">
      <svg className="store-badge__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={icon} />
      </svg>
      <span className="store-badge__text">
        <span className="store-badge__over">{over}</span> <span className="store-badge__name">{name}</span>
      </span>
    </a>
  );
}

/**
 * /download-app (spec §1, §2): phones are sent here to get the store app. Whoever prefers the
 * browser goes on to /home and is not sent back (remembered on this device).
 */
export default function DownloadAppPage() {
  const [, navigate] = useLocation();
  return (
    <div className="centered-page">
      <svg className="download-app__phone" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect x="6" y="2" width="12" height="20" rx="2.5" />
        <path d="M10.5 18.5h3" />
      </svg>
      <PageHeading />
      <p className="download-app__text">
        O Fechaí funciona melhor no aplicativo: suas conversas, tarefas e vendas na palma da mão.
      </p>
      <div className="download-app__stores">
        <StoreBadge href={APP_STORE_URL} icon={appleLogo} over="Baixar na" name="App Store" />
        <StoreBadge href={PLAY_STORE_URL} icon={playTriangle} over="Disponível no" name="Google Play" />
      </div>
      <button
        type="button"
        className="button button--secondary download-app__web"
        onClick={() => {
          rememberWebOnMobile();
          navigate(appPaths.home);
        }}
      >
        Continuar no navegador
      </button>
    </div>
  );
}
