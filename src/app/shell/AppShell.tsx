import { type ReactNode, useRef } from 'react';
import { useLocation } from 'wouter';
import { Link } from '../../lib/routing/Link';
import { ThemeSwitch } from '../../ui/theme-switch/ThemeSwitch';
import { PRODUCT_NAME } from '../routing/useDocumentTitle';
import { AccountBox } from './AccountBox';
import { isCurrentSection, navItems } from './nav-items';
import { RealtimeUpdates } from './RealtimeUpdates';
import './AppShell.css';

/**
 * The frame of the signed-in area: product name, main navigation (a sidebar on wide screens, a
 * bottom bar on phones), the theme switch and who is signed in, with "Sair". Pages render in <main>.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const main = useRef<HTMLElement>(null);

  return (
    <div className="app-shell">
      {/* A button, not an #anchor: focusing the content must not put a hash in the app's URL. */}
      <button type="button" className="skip-link" onClick={() => main.current?.focus()}>
        Pular para o conteúdo
      </button>
      <header className="app-shell__sidebar">
        <Link to="/home" className="app-shell__brand">
          <svg className="app-shell__logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="8" />
            <path d="M16 6.5c-5.5 0-9.5 3.9-9.5 8.7 0 2.4 1 4.5 2.7 6.1l-.9 4.2 4.3-2c1.1.3 2.2.5 3.4.5 5.5 0 9.5-3.9 9.5-8.8S21.5 6.5 16 6.5Z" />
            <path d="m11.8 15.4 3 3 5.6-6" />
          </svg>
          <span>{PRODUCT_NAME}</span>
        </Link>
        <nav className="app-shell__nav" aria-label="Principal">
          <ul>
            {navItems.map((item) => {
              const current = isCurrentSection(path, item.to);
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="app-shell__nav-link"
                    aria-current={current ? 'page' : undefined}
                  >
                    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                      <path d={item.icon} />
                    </svg>
                    <span>{item.label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="app-shell__tools">
          <div className="app-shell__theme">
            <ThemeSwitch />
          </div>
          <AccountBox />
        </div>
      </header>
      <main id="conteudo" className="app-shell__main" ref={main} tabIndex={-1}>
        {children}
      </main>
      <RealtimeUpdates />
    </div>
  );
}
